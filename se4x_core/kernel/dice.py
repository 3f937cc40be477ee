"""The engine's random numbers: xorshift64* over one 64-bit word.

The generator's whole state is one integer that lives inside the game state
(and is saved with it), so the same config and the same actions replay the
same game bit for bit, interpreted or compiled.  The functions are pure:
``rng_next`` advances the state, ``rng_d10`` reads a die from a state.

>>> s = rng_seed(42)
>>> s = rng_next(s)
>>> 1 <= rng_d10(s) <= 10
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

if TYPE_CHECKING:
    from typing import TypeAlias

    # Any integer: the .pxd takes an object (Cython would read ``int`` as "exactly
    # a Python int", refusing e.g. numpy integers).
    Seed: TypeAlias = int

MASK64 = 0xFFFFFFFFFFFFFFFF
_MULTIPLIER = 0x2545F4914F6CDD1D


_GOLDEN = 0x9E3779B97F4A7C15  # splitmix64's constants
_OFFSET = 0x632BE59BD9B4E019
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def rng_seed(seed: Seed) -> cython.ulonglong:
    """A non-zero generator state from any integer seed (splitmix64 mix)."""
    return rng_mix(seed & MASK64)


def rng_mix(x: cython.ulonglong) -> cython.ulonglong:
    """:func:`rng_seed` of a 64-bit seed, without Python integers (search seeds often)."""
    z: cython.ulonglong = (x * _GOLDEN + _OFFSET) & MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    z = z ^ (z >> 31)
    if z == 0:
        z = _GOLDEN
    return z


def rng_next(x: cython.ulonglong) -> cython.ulonglong:
    """The state after ``x`` (xorshift64)."""
    x ^= x >> 12
    x ^= (x << 25) & MASK64
    x ^= x >> 27
    return x


def rng_output(x: cython.ulonglong) -> cython.ulonglong:
    """The 64-bit output for state ``x`` (the xorshift64* scrambler)."""
    return (x * _MULTIPLIER) & MASK64


def rng_below(x: cython.ulonglong, n: cython.ulonglong) -> cython.ulonglong:
    """A number in ``0 .. n-1`` read from state ``x`` (multiply-shift, n < 2**32)."""
    return ((rng_output(x) >> 32) * n) >> 32


def rng_d10(x: cython.ulonglong) -> cython.int:
    """A ten-sided die (1-10, the '0' face counting as 10) read from state ``x``."""
    return rng_below(x, 10) + 1
