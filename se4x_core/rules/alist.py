"""A list of legal action codes in a C buffer, reused call after call.

The rules write the legal actions of a decision into an :class:`ActionList`
instead of a Python list, so move generation allocates nothing: search and
playouts keep one list and clear it before each decision.  From Python it
reads like a sequence of ints (``len``, indexing, ``tolist``); the rules
fill it with ``push``, a C method that Python does not see.

>>> from se4x_core.rules import engine
>>> state = engine.new_state({"players": 2, "seed": 1})
>>> out = ActionList()
>>> engine.write_legal(state, out)
>>> len(out) == len(out.tolist()) > 0, out.contains(out[0]), out.contains(-5)
(True, True, False)
"""

from __future__ import annotations

from array import array

import cython

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


if cython.compiled:
    from cython.cimports.libc.stdlib import free, malloc


@cython.final
@cython.cclass
class ActionList:
    """Up to ``MAX_ACTIONS`` action codes; ``n`` of them are in use."""

    def __init__(self) -> None:
        self.n = 0
        self.capacity = MAX_ACTIONS
        if cython.compiled:
            self.codes = cython.cast(cython.p_int, malloc(4 * MAX_ACTIONS))
            if self.codes == cython.NULL:
                raise MemoryError()
        else:
            self.codes = array("i", bytes(4 * MAX_ACTIONS))

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.codes)

    @cython.cfunc
    @cython.exceptval(check=False)
    def push(self, code: cython.int) -> cython.void:
        """Append one code (a full list drops it: capacity exceeds any decision)."""
        if self.n < self.capacity:
            self.codes[self.n] = code
            self.n += 1

    @cython.ccall
    @cython.exceptval(check=False)
    def clear(self) -> cython.void:
        self.n = 0

    @cython.ccall
    @cython.exceptval(check=False)
    def contains(self, code: cython.int) -> cython.bint:
        i: cython.int
        for i in range(self.n):
            if self.codes[i] == code:
                return True
        return False

    def tolist(self) -> list[int]:
        return [self.codes[i] for i in range(self.n)]

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, index: int) -> int:
        if index < 0:
            index += self.n
        if not 0 <= index < self.n:
            raise IndexError("action list index out of range")
        return self.codes[index]


@cython.ccall
@cython.exceptval(check=False)
def encode(kind: cython.int, a: cython.int, b: cython.int) -> cython.int:
    """The integer code of an action: ``kind << 20 | a << 10 | b``."""
    return (kind << 20) | (a << 10) | b
