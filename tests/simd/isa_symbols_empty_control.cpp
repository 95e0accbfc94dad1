// Negative control for check_isa_symbols.py: a library that defines no
// function. The check must refuse it (tests/simd/meson.build), not pass it by
// comparing an empty list.
extern "C" const int leiser_isa_symbols_empty_control = 0;
