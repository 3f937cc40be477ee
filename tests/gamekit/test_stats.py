"""The paired tests that compare two players on the same seeds, against hand values."""

from __future__ import annotations

import math

import pytest

from se4x_core.gamekit.stats import paired_difference, sign_test

pytestmark = pytest.mark.fast


@pytest.mark.parametrize(("better", "worse", "p"), [
    (5, 0, 2 / 32),            # every one of five discordant pairs one way
    (0, 7, 2 / 128),
    (6, 0, 2 / 64),
    (9, 3, 2 * (math.comb(12, 9) + math.comb(12, 10) + math.comb(12, 11) + 1) / 4096),
    (4, 4, 1.0),
    (0, 0, 1.0),
])
def test_sign_test_is_the_exact_binomial_tail(better: int, worse: int, p: float) -> None:
    assert sign_test(better, worse) == pytest.approx(p)


def test_sign_test_is_symmetric_and_refuses_negative_counts() -> None:
    assert sign_test(11, 4) == sign_test(4, 11)
    with pytest.raises(ValueError, match="at least 0"):
        sign_test(-1, 3)


def test_paired_difference_counts_only_the_discordant_pairs() -> None:
    # 100 pairs, 20 won by the first only and 8 by the second only: d = 0.12,
    # var = (28 - 144/100) / 100**2, a hand-computed Wald interval for matched pairs
    diff, low, high = paired_difference(20, 8, 100)
    spread = 1.959963984540054 * math.sqrt(28 - 1.44) / 100
    assert diff == pytest.approx(0.12)
    assert (low, high) == pytest.approx((0.12 - spread, 0.12 + spread))
    assert low > 0
    # 12 against 8 discordant pairs: a lead of four in twenty, which the
    # interval does not tell from none
    diff, low, high = paired_difference(12, 8, 1000)
    assert diff == pytest.approx(0.004)
    assert low < 0 < high


def test_paired_difference_refuses_more_discordant_pairs_than_pairs() -> None:
    with pytest.raises(ValueError, match="better \\+ worse <= n"):
        paired_difference(60, 50, 100)
