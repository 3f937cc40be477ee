"""Statistics the arenas and soaks report: a rate's confidence interval."""

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
