"""Chance held inside a game's state: a SplitMix64 generator in one saved integer.

Why in the state: the config plus the action codes must replay a game exactly, and a
save must restore it, so the generator is one integer field (``rng``) that the state
saves like any other.  A game's state class mixes :class:`Dice` in and sets ``rng``.

>>> class Roll(Dice):
...     def __init__(self) -> None:
...         self.rng = 7
>>> a, b = Roll(), Roll()
>>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
True
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


class Dice:
    """SplitMix64 over ``self.rng``; ``below``, ``d6`` and ``shuffle`` draw from it."""

    __slots__ = ()  # the state class holds ``rng`` (in its own slots or its __dict__)
    rng: int

    def next64(self) -> int:
        """SplitMix64: one step of the generator held in the state."""
        self.rng = (self.rng + 0x9E3779B97F4A7C15) & MASK64  # type: ignore[misc]
        z = self.rng
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``0 .. bound-1`` (bound > 0), by rejection (no bias)."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next64()
            if value < limit:
                return value % bound

    def d6(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


__all__ = ["MASK64", "Dice"]
