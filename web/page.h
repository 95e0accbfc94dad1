// The browser board's page (web/page.html), built into the program: the
// build turns the file into a string (scripts/embed_text.py), so serving
// needs no file and no download.
#pragma once

#include <string_view>

namespace leiser::web {

std::string_view page_html();

}  // namespace leiser::web
