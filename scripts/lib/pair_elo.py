"""Elo from a match's pairs (pentanomial counts: pairs scoring 0, 0.5, 1, 1.5, 2 of 2), for the
measuring scripts: the mean pair score, its variance over the pairs, and the normal (Wald) 95%
interval on the mean mapped through the logistic curve. Meant for a hundred pairs or more; the
arena's own estimate (arena/stats.h) adds a prior and a Wilson interval for small samples."""

import math

PAIR_SCORES = (0, 0.25, 0.5, 0.75, 1)


def elo_of_score(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def pair_elo(ptnml):
    """{pairs, mean, variance, elo, lower, upper, margin} of pentanomial counts."""
    pairs = sum(ptnml)
    mean = sum(n * s for n, s in zip(ptnml, PAIR_SCORES)) / pairs
    variance = sum(n * (s - mean) ** 2 for n, s in zip(ptnml, PAIR_SCORES)) / pairs
    spread = 1.96 * math.sqrt(variance / pairs)
    lower, upper = elo_of_score(mean - spread), elo_of_score(mean + spread)
    return {"pairs": pairs, "mean": mean, "variance": variance, "elo": elo_of_score(mean),
            "lower": lower, "upper": upper, "margin": (upper - lower) / 2}
