// Reading the shared test vectors (../shared/vectors/*.tsv). A missing or
// unreadable file is a test failure with a message saying where we looked,
// never a silent skip.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace leiser::testing {

inline std::string vectors_dir() {
  if (const char* env = std::getenv("LEISER_VECTORS_DIR")) return env;
  return LEISER_VECTORS_DIR;
}

// Rows of a TSV file as cells; the header row is returned first.
inline std::vector<std::vector<std::string>> read_tsv(const std::string& name) {
  const std::string path = vectors_dir() + "/" + name;
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("test vectors missing: cannot open " + path +
                             " (the tests need ../shared/vectors beside the project, or "
                             "LEISER_VECTORS_DIR)");
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> cells;
    std::stringstream fields(line);
    std::string cell;
    while (std::getline(fields, cell, '\t')) cells.push_back(cell);
    rows.push_back(cells);
  }
  if (rows.size() < 2) throw std::runtime_error("test vectors empty: " + path);
  return rows;
}

struct PerftVector {
  std::string fen;
  int depth;
  std::uint64_t legal;
  std::uint64_t pseudo;
};

inline std::vector<PerftVector> read_perft_vectors(const std::string& name) {
  const auto rows = read_tsv(name);
  std::vector<PerftVector> vectors;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& r = rows[i];
    if (r.size() != 4) throw std::runtime_error(name + ": row " + std::to_string(i) + " malformed");
    vectors.push_back({r[0], std::stoi(r[1]), std::stoull(r[2]), std::stoull(r[3])});
  }
  return vectors;
}

}  // namespace leiser::testing
