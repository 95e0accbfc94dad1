// Which vector implementations this build contains. The AVX2 and AVX-512
// translation units are built on x86-64 only (simd/meson.build); elsewhere
// the scalar implementation is the only one.
#pragma once

#if defined(__x86_64__) || defined(_M_X64)
#define LEISER_SIMD_X86 1
#else
#define LEISER_SIMD_X86 0
#endif
