"""Types for the part of Cython's pure-Python mode (the ``cython`` module) that se4x uses.

Cython ships ``cython.py`` (a shadow module: identity decorators and stand-in
types for the interpreter) without type information, so under ``mypy --strict``
every ``@cython.cfunc`` would make its function untyped and every
``cython.int`` would be unknown.  This stub describes what those names are
when the code runs interpreted, which is the program mypy checks (see
``always_false`` in pyproject.toml):

- the decorators return what they decorate, unchanged;
- the C scalar types are the Python values they hold there (``int``, ``bool``,
  ``float``; ``void`` is ``None``);
- a pointer is anything indexed by an int, read and written: that is all the
  interpreted code does with one, and what its stand-ins (a ``memoryview``
  slice, an ``array``) offer.

The compiler reads none of this: it has its own ``cython`` namespace and
reads the ``.pxd`` files.  Only names the project uses, or is likely to, are here.
"""

import builtins
from collections.abc import Callable
from typing import Any, Final, Protocol, TypeAlias, TypeVar, overload
from typing import final as final

_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., object])
_C = TypeVar("_C", bound=type)

__version__: str

# True inside a compiled module.  mypy takes ``if cython.compiled:`` blocks as
# never run (they hold C: cimports, malloc, pointer arithmetic).
compiled: Final[bool]

# -- C scalar types ---------------------------------------------------------------
char: TypeAlias = builtins.int
uchar: TypeAlias = builtins.int
short: TypeAlias = builtins.int
ushort: TypeAlias = builtins.int
int: TypeAlias = builtins.int
uint: TypeAlias = builtins.int
long: TypeAlias = builtins.int
ulong: TypeAlias = builtins.int
longlong: TypeAlias = builtins.int
ulonglong: TypeAlias = builtins.int
Py_ssize_t: TypeAlias = builtins.int
size_t: TypeAlias = builtins.int
bint: TypeAlias = builtins.bool
float: TypeAlias = builtins.float
double: TypeAlias = builtins.float
void: TypeAlias = None

# -- pointers ---------------------------------------------------------------------
class pointer(Protocol[_T]):
    """``T*`` (``cython.pointer[T]``; the ``p_*`` names are the common ones)."""

    def __getitem__(self, index: builtins.int, /) -> _T: ...
    def __setitem__(self, index: builtins.int, value: _T, /) -> None: ...

p_char: TypeAlias = pointer[builtins.int]
p_short: TypeAlias = pointer[builtins.int]
p_int: TypeAlias = pointer[builtins.int]
p_long: TypeAlias = pointer[builtins.int]
p_longlong: TypeAlias = pointer[builtins.int]
p_ulonglong: TypeAlias = pointer[builtins.int]
p_double: TypeAlias = pointer[builtins.float]
p_void: TypeAlias = pointer[Any]

NULL: Final[Any]
"""The C null pointer (compares equal to a pointer that holds no address)."""

def address(value: _T, /) -> pointer[_T]:
    """``&value``."""

def cast(type: Callable[..., _T], value: object, /, *, typecheck: builtins.bool = ...) -> _T:
    """``<type>value``: a C cast (interpreted, a conversion where one is needed)."""

@overload
def declare(type: Callable[..., _T], /) -> _T: ...
@overload
def declare(type: Callable[..., _T], value: _T, /) -> _T: ...
@overload
def declare(**types: object) -> None: ...

# -- decorators and directives ------------------------------------------------------
def cfunc(func: _F, /) -> _F: ...
def ccall(func: _F, /) -> _F: ...
def inline(func: _F, /) -> _F: ...
def cclass(cls: _C, /) -> _C: ...
def exceptval(value: object = ..., /, *, check: builtins.bool = ...) -> Callable[[_F], _F]: ...
def locals(**types: object) -> Callable[[_F], _F]: ...

class _Directive:
    """``@cython.boundscheck(False)``, or ``with cython.boundscheck(False):``."""

    def __call__(self, value: builtins.bool, /) -> _DirectiveSetting: ...

class _DirectiveSetting:
    def __call__(self, target: _F, /) -> _F: ...
    def __enter__(self) -> None: ...
    def __exit__(self, *exc_info: object) -> None: ...

boundscheck: _Directive
wraparound: _Directive
cdivision: _Directive
initializedcheck: _Directive
nonecheck: _Directive

class _Gil:
    """``with cython.nogil:`` (or ``with cython.nogil(condition):``); ``@cython.nogil``."""

    @overload
    def __call__(self, func: _F, /) -> _F: ...
    @overload
    def __call__(self, condition: builtins.bool, /) -> _Gil: ...
    def __enter__(self) -> None: ...
    def __exit__(self, *exc_info: object) -> None: ...

nogil: _Gil
gil: _Gil
