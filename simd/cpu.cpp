// CPU feature detection: cpuid for what the processor implements, xgetbv for
// what the operating system has enabled. Built for the baseline (no AVX).
#include "simd/cpu.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define LEISER_SIMD_HAVE_CPUID 1
#endif

namespace leiser::simd {

namespace {

#ifdef LEISER_SIMD_HAVE_CPUID
struct CpuidRegs {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
};

CpuidRegs cpuid(unsigned leaf, unsigned subleaf) {
  CpuidRegs r;
  __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
  return r;
}

// XCR0, read with the raw instruction so that this file needs no -mxsave.
std::uint64_t xgetbv0() {
  unsigned lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

constexpr bool has(unsigned reg, int bit) { return (reg >> bit) & 1u; }
#endif

}  // namespace

CpuInfo detect_cpu() {
  CpuInfo info;
#ifdef LEISER_SIMD_HAVE_CPUID
  const CpuidRegs leaf0 = cpuid(0, 0);
  const unsigned max_leaf = leaf0.eax;
  char vendor[13] = {};
  std::memcpy(vendor + 0, &leaf0.ebx, 4);
  std::memcpy(vendor + 4, &leaf0.edx, 4);
  std::memcpy(vendor + 8, &leaf0.ecx, 4);
  info.vendor = vendor;
  if (max_leaf < 1) return info;

  const CpuidRegs leaf1 = cpuid(1, 0);
  FeatureSet f = 0;
  if (has(leaf1.ecx, 20)) f |= kFeatureSse42;
  if (has(leaf1.ecx, 23)) f |= kFeaturePopcnt;

  // XCR0 bit 1: SSE state, bit 2: AVX (upper YMM) state; bits 5-7: opmask,
  // upper halves of ZMM0-15, ZMM16-31.
  const bool osxsave = has(leaf1.ecx, 27);
  const std::uint64_t xcr0 = osxsave ? xgetbv0() : 0;
  info.os_saves_ymm = (xcr0 & 0x6) == 0x6;
  info.os_saves_zmm = info.os_saves_ymm && (xcr0 & 0xE0) == 0xE0;

  if (info.os_saves_ymm && has(leaf1.ecx, 28)) f |= kFeatureAvx;
  if (info.os_saves_ymm && has(leaf1.ecx, 12)) f |= kFeatureFma;

  if (max_leaf >= 7) {
    const CpuidRegs leaf7 = cpuid(7, 0);
    if (has(leaf7.ebx, 3)) f |= kFeatureBmi1;
    if (has(leaf7.ebx, 8)) f |= kFeatureBmi2;
    if (info.os_saves_ymm && has(leaf7.ebx, 5)) f |= kFeatureAvx2;
    if (info.os_saves_zmm) {
      if (has(leaf7.ebx, 16)) f |= kFeatureAvx512F;
      if (has(leaf7.ebx, 17)) f |= kFeatureAvx512DQ;
      if (has(leaf7.ebx, 28)) f |= kFeatureAvx512CD;
      if (has(leaf7.ebx, 30)) f |= kFeatureAvx512BW;
      if (has(leaf7.ebx, 31)) f |= kFeatureAvx512VL;
    }
  }
  const CpuidRegs ext0 = cpuid(0x80000000u, 0);
  if (ext0.eax >= 0x80000001u) {
    const CpuidRegs ext1 = cpuid(0x80000001u, 0);
    if (has(ext1.ecx, 5)) f |= kFeatureLzcnt;
  }
  // AVX-512 subsets mean nothing without the foundation.
  if (!(f & kFeatureAvx512F))
    f &= ~(kFeatureAvx512BW | kFeatureAvx512DQ | kFeatureAvx512VL | kFeatureAvx512CD);
  info.features = f;
#endif
  return info;
}

FeatureSet cpu_features() {
  static const FeatureSet features = detect_cpu().features;
  return features;
}

std::string feature_names(FeatureSet features) {
  static constexpr std::array<const char*, 13> kNames = {
      "SSE4.2", "POPCNT",  "AVX",      "AVX2",     "FMA",      "BMI1",    "BMI2",
      "LZCNT",  "AVX512F", "AVX512BW", "AVX512DQ", "AVX512VL", "AVX512CD"};
  std::string out;
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (!(features & (1u << i))) continue;
    if (!out.empty()) out += ' ';
    out += kNames[i];
  }
  return out;
}

}  // namespace leiser::simd
