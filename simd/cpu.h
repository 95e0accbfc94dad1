// CPU feature detection for run-time dispatch.
//
// A feature counts as present only when both the CPU reports it (cpuid) and
// the operating system saves the register state it needs across context
// switches (xgetbv: YMM state for AVX/AVX2/FMA, opmask + ZMM state for
// AVX-512). This translation unit is compiled for the baseline only: it must
// run, and answer "no", on a CPU without AVX.
#pragma once

#include <cstdint>
#include <string>

namespace leiser::simd {

// One bit per feature; a FeatureSet is their OR.
enum Feature : std::uint32_t {
  kFeatureSse42 = 1u << 0,
  kFeaturePopcnt = 1u << 1,
  kFeatureAvx = 1u << 2,
  kFeatureAvx2 = 1u << 3,
  kFeatureFma = 1u << 4,
  kFeatureBmi1 = 1u << 5,
  kFeatureBmi2 = 1u << 6,
  kFeatureLzcnt = 1u << 7,
  kFeatureAvx512F = 1u << 8,
  kFeatureAvx512BW = 1u << 9,
  kFeatureAvx512DQ = 1u << 10,
  kFeatureAvx512VL = 1u << 11,
  kFeatureAvx512CD = 1u << 12,
};
using FeatureSet = std::uint32_t;

// What the "avx2" and "avx512" implementations (simd/dispatch.h) need: their
// batch ops, and the engine cores compiled for them (core/cores.h), which use
// every extension listed (the avx2 core is built with -mavx2 -mbmi -mbmi2
// -mlzcnt -mpopcnt, the avx512 core adds F/BW/DQ/VL/CD; never FMA).
inline constexpr FeatureSet kFeaturesAvx2Implementation =
    kFeatureSse42 | kFeaturePopcnt | kFeatureAvx | kFeatureAvx2 | kFeatureBmi1 | kFeatureBmi2 |
    kFeatureLzcnt;
inline constexpr FeatureSet kFeaturesAvx512Implementation =
    kFeaturesAvx2Implementation | kFeatureAvx512F | kFeatureAvx512BW | kFeatureAvx512DQ |
    kFeatureAvx512VL | kFeatureAvx512CD;

struct CpuInfo {
  FeatureSet features = 0;  // usable features (CPU and OS agree)
  bool os_saves_ymm = false;
  bool os_saves_zmm = false;
  std::string vendor;  // "GenuineIntel", "AuthenticAMD", ... ("" off x86)
};

// Runs cpuid/xgetbv now (no caching).
CpuInfo detect_cpu();
// The features of this machine, detected once and cached.
FeatureSet cpu_features();

// Space-separated upper-case names ("AVX2 BMI2"), in the enum's order.
std::string feature_names(FeatureSet features);

}  // namespace leiser::simd
