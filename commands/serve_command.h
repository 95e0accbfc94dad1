// `leiserchess serve ...`: the browser board (web/), and `leiserchess
// display --svg ...`: the same drawing of one position on stdout.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace leiser::commands {

int run_serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_display_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace leiser::commands
