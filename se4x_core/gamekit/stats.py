"""Statistics the arenas and soaks report: a rate's confidence interval, and the
tests that compare two players on the same seeds."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile: a two-sided 95% interval


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / n`` (95% by default).

    Why Wilson and not p ± z·sqrt(p(1-p)/n): that normal interval has zero
    width at 0/n and n/n and spills past [0, 1]; Wilson's does neither and
    keeps close to its nominal coverage for the few hundred games an arena
    plays.  ``successes`` may be fractional (a draw counts ½).

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> wilson_interval(0, 0)  # no games: no information
    (0.0, 1.0)
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    z2 = z * z
    centre = successes + z2 / 2
    spread = z * math.sqrt(successes * (n - successes) / n + z2 / 4)
    return max(0.0, (centre - spread) / (n + z2)), min(1.0, (centre + spread) / (n + z2))


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact p-value of ``better`` against ``worse`` discordant pairs.

    Why exact: the pairs that differ are few when two players share seeds (a
    handful of solitaire wins, a few dozen arena games), where the normal
    approximation is poor.  Under the null each discordant pair goes either way
    with probability one half (McNemar's test in its exact, binomial form).

    >>> sign_test(5, 0), sign_test(7, 0), sign_test(3, 3)
    (0.0625, 0.015625, 1.0)
    """
    if better < 0 or worse < 0:
        raise ValueError(f"need counts of at least 0, got {better} and {worse}")
    n = better + worse
    if n == 0:
        return 1.0
    k = max(better, worse)
    tail = sum(math.comb(n, i) for i in range(k, n + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def paired_difference(better: float, worse: float, n: int,
                      z: float = Z95) -> tuple[float, float, float]:
    """The difference of two rates measured on the same ``n`` pairs, and its interval.

    ``better`` pairs went to the first player only and ``worse`` to the second
    only (fractional where a draw counts one half).  Returns the difference
    ``(better - worse) / n`` with its Wald interval for matched pairs, whose
    variance counts only the discordant pairs: games both players won or both
    lost say nothing about which is stronger, which is why a paired run needs
    fewer games than two independent ones.

    >>> [round(x, 4) for x in paired_difference(30, 10, 200)]
    [0.1, 0.0396, 0.1604]
    >>> paired_difference(0, 0, 0)
    (0.0, -1.0, 1.0)
    """
    if n < 0 or better < 0 or worse < 0 or better + worse > n:
        raise ValueError(f"need 0 <= better + worse <= n, got {better}, {worse} of {n}")
    if n == 0:
        return 0.0, -1.0, 1.0
    diff = (better - worse) / n
    spread = z * math.sqrt(max(0.0, better + worse - (better - worse) ** 2 / n)) / n
    return diff, max(-1.0, diff - spread), min(1.0, diff + spread)
