/* leiserchess.h: the C API of the Leiserchess engine (libleiserchess).
 *
 * A small, stable C interface that any language can bind (Python's ctypes,
 * Rust's FFI, ...): create an engine, set options, set a position by FEN and
 * moves, search with limits (info lines through a callback), stop a search,
 * count perft leaves, evaluate. The C++ API (search/engine.h, installed
 * beside this header) offers more; see docs/embedding.md.
 *
 * Errors are returned, never thrown: every function that can fail returns a
 * leiser_status, and leiser_last_error(engine) says what went wrong in one
 * line. No C++ exception crosses this boundary.
 *
 * Threads: an engine is used by one thread at a time, except
 * leiser_engine_stop(), which any thread (or the info callback) may call
 * while leiser_engine_search() runs. A call made on an engine while another
 * call on it is still running returns LEISER_ERROR_BUSY. Different engines
 * are independent.
 *
 * Moves and positions use the notation of the course's RULES.md: moves like
 * "h0g1" (shift), "g4L" (rotation), "d5e4f5" (2018 swap-move); FEN like
 * "ss7/8/8/8/8/8/8/7NN W".
 */
#ifndef LEISERCHESS_H
#define LEISERCHESS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define LEISER_API __attribute__((visibility("default")))
#else
#define LEISER_API
#endif

typedef enum leiser_status {
  LEISER_OK = 0,
  LEISER_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer, a bad limit or depth */
  LEISER_ERROR_BAD_OPTION = 2,       /* unknown option, bad or out-of-range value */
  LEISER_ERROR_BAD_POSITION = 3,     /* malformed FEN, or a bad or illegal move */
  LEISER_ERROR_GAME_OVER = 4,        /* the position is finished: nothing to search or evaluate */
  LEISER_ERROR_BUSY = 5,             /* another call on this engine is running */
  LEISER_ERROR_OUT_OF_MEMORY = 6,
  LEISER_ERROR_INTERNAL = 7 /* a bug: please report the message */
} leiser_status;

/* An engine: a position with its history, options, a hash table. Opaque. */
typedef struct leiser_engine leiser_engine;

/* The library's version, e.g. "0.1.0". */
LEISER_API const char* leiser_version(void);
/* The engine core this process runs (docs/isa-cores.md): "scalar", "avx2"
 * or "avx512", chosen at the first call: the best this CPU runs, or the one
 * the environment variable LEISER_SIMD names. */
LEISER_API const char* leiser_core(void);
/* A constant name for a status, e.g. "LEISER_ERROR_BAD_POSITION". */
LEISER_API const char* leiser_status_name(leiser_status status);

/* Creates an engine with the protocol's defaults (2018 edition, its start
 * position, 64 MB hash, one search thread per core). *engine is NULL on
 * failure. */
LEISER_API leiser_status leiser_engine_create(leiser_engine** engine);
/* Destroys an engine (stopping its search first); NULL is allowed. */
LEISER_API void leiser_engine_destroy(leiser_engine* engine);
/* The last error on this engine, one line ("" after a success). Valid until
 * the next call on the engine. */
LEISER_API const char* leiser_last_error(const leiser_engine* engine);

/* Sets an option by the protocol's name (case-insensitive): "hash" (MB),
 * "threads", "edition" ("2018" or "2016": resets the position to the
 * edition's start), "use_ko", evaluation weights, search rules; see
 * `leiserchess` then `uci` for the list with ranges. */
LEISER_API leiser_status leiser_engine_set_option(leiser_engine* engine, const char* name,
                                                  const char* value);

/* Sets the position: `fen` (NULL or "startpos": the edition's start
 * position), then `moves` played from it, separated by spaces (NULL or ""
 * for none). The moves form the game history that Ko and repetition see.
 * On error the position is unchanged. */
LEISER_API leiser_status leiser_engine_set_position(leiser_engine* engine, const char* fen,
                                                    const char* moves);
/* Writes the current position's FEN into buf (NUL-terminated, at most
 * size bytes). */
LEISER_API leiser_status leiser_engine_get_fen(leiser_engine* engine, char* buf, size_t size);
/* Forgets what earlier searches learned (hash table, move-ordering
 * history): a new game. */
LEISER_API leiser_status leiser_engine_new_game(leiser_engine* engine);

/* What to search. Zero (or -1 for time_ms) means "no such limit"; at least
 * one limit, or infinite, must be given. */
typedef struct leiser_limits {
  int32_t depth;        /* plies; 0: none */
  uint64_t nodes;       /* 0: none */
  int32_t movetime_ms;  /* 0: none */
  int32_t time_ms;      /* the side to move's clock; -1: no clock */
  int32_t increment_ms; /* Fischer increment with time_ms */
  int32_t infinite;     /* nonzero: until leiser_engine_stop() */
} leiser_limits;

/* limits with no limit set: depth 0, nodes 0, movetime 0, time -1. */
LEISER_API leiser_limits leiser_limits_none(void);

/* One progress report (a protocol `info` line), from the side to move's
 * point of view. */
typedef struct leiser_info {
  int32_t depth;
  int32_t seldepth;
  int32_t score_cp; /* centipawns; meaningful when mate == 0 */
  int32_t mate;     /* moves to a King zap: > 0 we zap, < 0 we are zapped; 0: none */
  uint64_t nodes;
  uint64_t nps;
  int32_t time_ms;
  int32_t hashfull; /* per mille */
  const char* pv;   /* the principal variation, moves separated by spaces;
                       valid during the callback only */
} leiser_info;

/* Called on the searching thread with each report; may call
 * leiser_engine_stop() but no other function of this engine. */
typedef void (*leiser_info_callback)(const leiser_info* info, void* user_data);

#define LEISER_MOVE_CHARS 16
#define LEISER_PV_CHARS 1024

typedef struct leiser_result {
  char best_move[LEISER_MOVE_CHARS]; /* "" if there was no legal move */
  int32_t score_cp;
  int32_t mate;  /* as in leiser_info */
  int32_t depth; /* the last completed iteration */
  uint64_t nodes;
  char pv[LEISER_PV_CHARS]; /* moves separated by spaces */
} leiser_result;

/* Searches the current position on the calling thread until a limit is
 * reached or leiser_engine_stop() is called; then fills *result. on_info may
 * be NULL. A stop requested before the search starts is not remembered. */
LEISER_API leiser_status leiser_engine_search(leiser_engine* engine, const leiser_limits* limits,
                                              leiser_info_callback on_info, void* user_data,
                                              leiser_result* result);
/* Asks a running search to end as soon as possible; returns at once. Safe
 * from any thread; does nothing when no search runs. */
LEISER_API leiser_status leiser_engine_stop(leiser_engine* engine);

/* The number of leaves of the legal move tree of the current position to
 * `depth` plies (1 to 10), Ko included, as `leiserchess perft`. */
LEISER_API leiser_status leiser_engine_perft(leiser_engine* engine, int depth, uint64_t* leaves);

/* One depth's count of a perft by depth: the leaves `depth` plies down. */
typedef void (*leiser_depth_callback)(int depth, uint64_t leaves, void* user_data);

/* Perft counts at every depth from 1 to `depth` (1 to 10), as `leiserchess
 * perft --depth` prints them: counts[d - 1] gets depth d's (counts may be
 * NULL, else it holds `depth` entries), and `on_depth` (may be NULL) is
 * called on the calling thread as each depth's count is known, so a long
 * count shows progress. The callback may call leiser_engine_stop (which does
 * nothing here); any other call on this engine from it returns
 * LEISER_ERROR_BUSY. */
LEISER_API leiser_status leiser_engine_perft_by_depth(leiser_engine* engine, int depth,
                                                      uint64_t* counts,
                                                      leiser_depth_callback on_depth,
                                                      void* user_data);

/* One root move's share of a divided perft: the move in the protocol's
 * notation and the leaves below it (depth - 1 plies after it). */
typedef void (*leiser_divide_callback)(const char* move, uint64_t leaves, void* user_data);

/* Perft divided by root move, as `leiserchess perft --divide`: `on_move`
 * (may be NULL) is called once per legal root move, in generation order, on
 * the calling thread, after the whole count; `leaves` (may be NULL) gets the
 * total. The move text is valid only during the call. The callback may call
 * leiser_engine_stop (which does nothing here); any other call on this
 * engine from it returns LEISER_ERROR_BUSY. */
LEISER_API leiser_status leiser_engine_perft_divide(leiser_engine* engine, int depth,
                                                    leiser_divide_callback on_move, void* user_data,
                                                    uint64_t* leaves);

/* What the signature bench found (leiser_engine_bench). */
typedef struct leiser_bench_result {
  uint64_t nodes;      /* with one thread: the bench signature */
  uint64_t moves_made; /* the course engines' node count */
  double seconds;
  uint32_t positions; /* searched to the end: fewer than 30 when stopped */
  int32_t stopped;    /* 1 when leiser_engine_stop ended it early */
} leiser_bench_result;

/* The signature bench, as `leiserchess bench <depth> <edition> <threads>`:
 * the 30 bench positions of the engine's edition, each searched to `depth`
 * (1 to 30) from cleared state by a bench engine of its own (its threads
 * the engine's `threads` option, a 16 MB table, the classic evaluation).
 * This engine's game, table and other options are left as they were.
 * leiser_engine_stop from another thread ends it at the position it is on. */
LEISER_API leiser_status leiser_engine_bench(leiser_engine* engine, int depth,
                                             leiser_bench_result* result);

/* The static evaluation of the current position in centipawns, from the
 * side to move's point of view (the protocol's `eval`). */
LEISER_API leiser_status leiser_engine_evaluate(leiser_engine* engine, int32_t* score_cp);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* LEISERCHESS_H */
