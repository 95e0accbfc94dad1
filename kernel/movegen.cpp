#include "kernel/movegen.h"

namespace leiser::kernel {

void generate_pseudo_moves(const Position& pos, MoveList& list) {
  if (pos.edition() == Edition::k2016)
    generate_pseudo_moves<Edition::k2016>(pos, list);
  else
    generate_pseudo_moves<Edition::k2018>(pos, list);
}

void generate_legal_moves(const Position& pos, const Board* previous, MoveList& list) {
  if (pos.edition() == Edition::k2016)
    generate_legal_moves<Edition::k2016>(pos, previous, list);
  else
    generate_legal_moves<Edition::k2018>(pos, previous, list);
}

}  // namespace leiser::kernel
