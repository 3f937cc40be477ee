"""Actions of any game: a frozen value with named parameters, packed into one integer.

Why one codec for every game: an action must convert losslessly to its code (what the
rules, the saves and the network carry) and to JSON (what a replay file or a test
writes), refuse anything malformed with one clear error, and refuse a code with bits
its kind does not use (never read it as the action it resembles).  Those rules are the
same whatever the game; what differs is the table of kinds, each kind's parameters and
how a parameter's value packs into bits.  A game declares those as class attributes of
its ``Action`` (a frozen dataclass deriving from :class:`CodedAction`)::

    KINDS = {"move": (2, ("unit", "dir")), ...}   # kind -> (id, parameter names)
    PARAMS = {"unit": IntParam(1024), "dir": IntParam(1024), ...}
    KIND_SHIFT, PARAM_BITS = 20, 10                 # code = id << 20 | a << 10 | b

>>> from se4x_core.actions import Action
>>> a = Action("move", unit=3, dir=1)
>>> Action.from_code(a.code) == a, Action.from_json(a.to_json()) == a
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar

ActionSelf = TypeVar("ActionSelf", bound="CodedAction")


class ActionFormatError(ValueError):
    """An action (as code, object or JSON) that is not well formed."""


class Param(Protocol):
    """How one parameter's value packs into its bits (and reads back from them)."""

    unset: Any  # the field's value in a kind that does not take it

    def raw(self, value: Any, kind: str, name: str) -> int:
        """The bits of ``value``; ActionFormatError naming ``kind`` and ``name`` if bad."""

    def value(self, raw: int, code: int, name: str) -> Any:
        """The value packed as ``raw``; ActionFormatError naming ``code`` if no value is."""

    def to_json(self, value: Any) -> Any: ...

    def from_json(self, value: Any, kind: str, name: str) -> Any: ...


class IntParam:
    """A whole number ``0 <= n < limit`` (a unit, a hex, a direction, an amount)."""

    unset = -1

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def raw(self, value: Any, kind: str, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or \
                not 0 <= value < self.limit:
            raise ActionFormatError(
                f"action {kind!r}: {name} must be an integer 0..{self.limit - 1}")
        return value

    def value(self, raw: int, code: int, name: str) -> Any:
        return raw

    def to_json(self, value: Any) -> Any:
        return value

    def from_json(self, value: Any, kind: str, name: str) -> Any:
        return value


class NameParam:
    """One of a fixed list of names (a card, a resource), packed as its index."""

    unset = None

    def __init__(self, options: Sequence[str]) -> None:
        self.options = tuple(options)

    def raw(self, value: Any, kind: str, name: str) -> int:
        if value not in self.options:
            raise ActionFormatError(
                f"action {kind!r}: {name} must be one of {', '.join(self.options)}")
        return self.options.index(value)

    def value(self, raw: int, code: int, name: str) -> Any:
        if raw >= len(self.options):
            raise ActionFormatError(f"no action has code {code} (bad {name})")
        return self.options[raw]

    def to_json(self, value: Any) -> Any:
        return value

    def from_json(self, value: Any, kind: str, name: str) -> Any:
        return value


class CodedAction:
    """The methods every game's ``Action`` shares (see the module docstring).

    A subclass is a frozen dataclass whose fields are ``kind`` and every parameter of
    :attr:`PARAMS`, each defaulting to its :attr:`Param.unset`.
    """

    KINDS: ClassVar[dict[str, tuple[int, tuple[str, ...]]]]
    PARAMS: ClassVar[dict[str, Param]]
    KIND_SHIFT: ClassVar[int]
    PARAM_BITS: ClassVar[int]
    _BY_ID: ClassVar[dict[int, str]]
    # code -> its action, for codes already read (one table per class): an action is
    # frozen, so one object serves every reader, and legal_actions() of a long game
    # reads the same few thousand codes again and again (a fifth of the contract
    # checker's profile went to reading them).
    _READ: ClassVar[dict[int, Any]]
    _READ_LIMIT: ClassVar[int] = 1 << 16

    kind: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "KINDS" in cls.__dict__:
            cls._BY_ID = {kind_id: name for name, (kind_id, _) in cls.KINDS.items()}
        cls._READ = {}  # a subclass's actions are its own, even with its parent's kinds

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ActionFormatError(f"unknown action kind {self.kind!r}")
        names = self.KINDS[self.kind][1]
        for name in names:
            self.PARAMS[name].raw(getattr(self, name), self.kind, name)  # raises if bad
        for name, param in self.PARAMS.items():
            if name not in names and getattr(self, name) != param.unset:
                raise ActionFormatError(f"action {self.kind!r} takes no {name!r}")

    @property
    def code(self) -> int:
        kind_id, names = self.KINDS[self.kind]
        raw = [self.PARAMS[name].raw(getattr(self, name), self.kind, name) for name in names]
        a = raw[0] if raw else 0
        b = raw[1] if len(raw) > 1 else 0
        return (kind_id << self.KIND_SHIFT) | (a << self.PARAM_BITS) | b

    @classmethod
    def kind_name(cls, code: int) -> str:
        """The kind a code is of ("" if none)."""
        return cls._BY_ID.get(code >> cls.KIND_SHIFT, "")

    @classmethod
    def from_code(cls: type[ActionSelf], code: int) -> ActionSelf:
        if isinstance(code, bool) or not isinstance(code, int) or code < 0:
            raise ActionFormatError(f"no action has code {code!r}")
        read: dict[int, ActionSelf] = cls._READ
        action = read.get(code)
        if action is None:
            action = cls._read(code)
            if len(read) >= cls._READ_LIMIT:
                read.clear()
            read[code] = action
        return action

    @classmethod
    def _read(cls: type[ActionSelf], code: int) -> ActionSelf:
        """:meth:`from_code` of a code not read before."""
        kind = cls._BY_ID.get(code >> cls.KIND_SHIFT)
        if kind is None:
            raise ActionFormatError(f"no action has code {code}")
        mask = (1 << cls.PARAM_BITS) - 1
        names = cls.KINDS[kind][1]
        raws = ((code >> cls.PARAM_BITS) & mask, code & mask)
        values = {name: cls.PARAMS[name].value(raw, code, name)
                  for name, raw in zip(names, raws, strict=False)}
        action = cls(kind, **values)  # type: ignore[call-arg]
        if action.code != code:  # bits in a field the kind does not use
            raise ActionFormatError(f"no action has code {code} (not a canonical code)")
        return action

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in self.KINDS[self.kind][1]:
            out[name] = self.PARAMS[name].to_json(getattr(self, name))
        return out

    @classmethod
    def from_json(cls: type[ActionSelf], obj: Any) -> ActionSelf:
        if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
            raise ActionFormatError("an action must be an object with a string 'kind'")
        kind = obj["kind"]
        if kind not in cls.KINDS:
            raise ActionFormatError(f"unknown action kind {kind!r}")
        names = cls.KINDS[kind][1]
        extra = set(obj) - set(names) - {"kind"}
        if extra:
            raise ActionFormatError(f"action {kind!r} takes no {sorted(extra)[0]!r}")
        missing = [name for name in names if name not in obj]
        if missing:
            raise ActionFormatError(f"action {kind!r} needs {missing[0]!r}")
        values = {name: cls.PARAMS[name].from_json(obj[name], kind, name) for name in names}
        return cls(kind, **values)  # type: ignore[call-arg]


def code_of(action: Any, action_class: type[CodedAction]) -> int:
    """The exact code of ``action`` (an ``action_class`` value or a code); IllegalActionError
    for anything that is not one (what ``apply`` and ``explain`` take)."""
    from se4x_core.errors import IllegalActionError

    if isinstance(action, action_class):
        return action.code
    if isinstance(action, bool) or not isinstance(action, int):
        raise IllegalActionError(f"not an action code: {action!r}")
    try:
        return action_class.from_code(action).code
    except ActionFormatError as exc:
        raise IllegalActionError(str(exc)) from None


__all__ = ["ActionFormatError", "CodedAction", "IntParam", "NameParam", "Param", "code_of"]
