/* A C program using libleiserchess through its C API (leiserchess.h).
 *
 *   cc search.c $(pkg-config --cflags --libs leiserchess) -o search && ./search
 *
 * It sets up a 2016 game two moves in, counts perft leaves, evaluates,
 * searches to depth 5 (printing each info line), stops an infinite search
 * from its info callback, and shows how errors come back: as a status and a
 * one-line message, never as a crash. tests/library/check_installed.py
 * builds it against the installed library and checks what it prints.
 */
#include <leiserchess.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints the failing call's status and message and exits. */
static void check(leiser_engine* engine, leiser_status status, const char* what) {
  if (status == LEISER_OK) return;
  fprintf(stderr, "%s: %s: %s\n", what, leiser_status_name(status), leiser_last_error(engine));
  leiser_engine_destroy(engine);
  exit(1);
}

static void print_info(const leiser_info* info, void* user_data) {
  (void)user_data;
  if (info->mate != 0)
    printf("info depth %d score mate %d nodes %llu pv %s\n", info->depth, info->mate,
           (unsigned long long)info->nodes, info->pv);
  else
    printf("info depth %d score cp %d nodes %llu pv %s\n", info->depth, info->score_cp,
           (unsigned long long)info->nodes, info->pv);
}

/* An info callback may stop the search it reports on. */
struct stop_at {
  leiser_engine* engine;
  int depth;
  int deepest;
};

static void stop_at_depth(const leiser_info* info, void* user_data) {
  struct stop_at* s = (struct stop_at*)user_data;
  if (info->depth > s->deepest) s->deepest = info->depth;
  if (info->depth >= s->depth) leiser_engine_stop(s->engine);
}

int main(void) {
  printf("version %s\n", leiser_version());
  leiser_engine* engine = NULL;
  check(engine, leiser_engine_create(&engine), "create");
  /* One thread: a depth-limited search is then deterministic. */
  check(engine, leiser_engine_set_option(engine, "threads", "1"), "threads");
  check(engine, leiser_engine_set_option(engine, "hash", "16"), "hash");
  check(engine, leiser_engine_set_option(engine, "edition", "2016"), "edition");
  check(engine, leiser_engine_set_position(engine, "startpos", "h4g5 a3a2"), "position");

  char fen[128];
  check(engine, leiser_engine_get_fen(engine, fen, sizeof fen), "fen");
  printf("fen %s\n", fen);

  uint64_t leaves = 0;
  check(engine, leiser_engine_perft(engine, 3, &leaves), "perft");
  printf("perft 3 %llu\n", (unsigned long long)leaves);

  int32_t score = 0;
  check(engine, leiser_engine_evaluate(engine, &score), "evaluate");
  printf("eval %d\n", score);

  leiser_limits limits = leiser_limits_none();
  limits.depth = 5;
  leiser_result result;
  check(engine, leiser_engine_search(engine, &limits, print_info, NULL, &result), "search");
  printf("bestmove %s score %d depth %d\n", result.best_move, result.score_cp, result.depth);

  struct stop_at stop = {engine, 3, 0};
  limits = leiser_limits_none();
  limits.infinite = 1;
  check(engine, leiser_engine_search(engine, &limits, stop_at_depth, &stop, &result),
        "infinite search");
  printf("stopped after depth %d with bestmove %s\n", stop.deepest, result.best_move);

  /* Errors: a status and a message; the engine keeps its position. */
  leiser_status status = leiser_engine_set_position(engine, "not a fen", NULL);
  printf("error %s: %s\n", leiser_status_name(status), leiser_last_error(engine));
  status = leiser_engine_set_option(engine, "threads", "0");
  printf("error %s: %s\n", leiser_status_name(status), leiser_last_error(engine));
  status = leiser_engine_search(engine, &limits, NULL, NULL, NULL);
  printf("error %s: %s\n", leiser_status_name(status), leiser_last_error(engine));
  check(engine, leiser_engine_get_fen(engine, fen, sizeof fen), "fen");
  printf("fen %s\n", fen);

  leiser_engine_destroy(engine);
  return 0;
}
