"""The LAN protocol: versioned, schema-checked messages in length-prefixed frames.

Why msgspec: every incoming message is decoded straight into one of the
typed structs below, or refused with a :class:`ProtocolError` naming the
field that is wrong; nothing half-checked reaches the host's game.  The
encoding is MessagePack (compact, and maps may have integer keys, which the
observation uses), and each message carries its ``kind`` as a tag.

A frame is a 4-byte big-endian length followed by that many bytes of one
encoded message.  Frames above :data:`MAX_FRAME` are refused before any of
their body is read, so a hostile peer cannot make the host allocate much.

>>> raw = encode(Chat(text="hi"))
>>> decode_client(raw)
Chat(text='hi')
>>> decode_client(b"\\x81\\xa4kind\\xa4nope")
Traceback (most recent call last):
...
se4x_core.net.protocol.ProtocolError: malformed message: Invalid value 'nope' - at `$.kind`
"""

from __future__ import annotations

import struct
import unicodedata
from typing import Any, Final

import msgspec

PROTOCOL_VERSION: Final = 2
MAX_FRAME: Final = 1 << 20  # 1 MiB: an observation of the large board is ~60 KB
HEADER: Final = struct.Struct(">I")
MAX_TEXT: Final = 500  # longer chat lines, names, passwords and tokens are refused
MAX_STEPS: Final = 64  # steps of one planned path, decisions of one battle choice


class ProtocolError(ValueError):
    """A message or frame that does not follow the protocol; ``str()`` says why."""


class _Message(msgspec.Struct, tag_field="kind", forbid_unknown_fields=True):
    """A message: its ``kind`` names it on the wire; unknown fields are refused."""


# -- client -> host ---------------------------------------------------------------------
class Hello(_Message, tag="hello"):
    """Enter without a seat: answered by :class:`Hosting` (and the lobby) if the password
    is right.  Why: a client learns the game's id before it picks which remembered seat
    tokens to offer (tokens are kept per game, never per address)."""

    version: int
    password: str = ""


class Join(_Message, tag="join"):
    """Take a seat (``seat`` -1: the first free human seat); answered by :class:`Welcome`."""

    version: int
    name: str = ""
    seat: int = -1
    password: str = ""


class Rejoin(_Message, tag="rejoin"):
    """Take back a seat with the token :class:`Welcome` gave (after a drop or a restart)."""

    version: int
    token: str
    password: str = ""


class Ready(_Message, tag="ready"):
    seat: int
    ready: bool = True


class Chat(_Message, tag="chat"):
    text: str


class Act(_Message, tag="act"):
    """One action for ``seat``; ``seq`` is the number of actions played before it.

    Why ``seq``: an action decided on an old position (a replayed or
    duplicated message, a click that crossed an update) is refused instead of
    being applied to a position its sender never saw.
    """

    seat: int
    seq: int
    code: int


class Walk(_Message, tag="walk"):
    """Walk ``unit`` along ``dirs`` (a planned path) in one request.

    The host takes the steps one by one as the local table does: it stops
    where a step is no longer legal or something found ends the movement, and
    answers once, with one update after the last step taken.
    """

    seat: int
    seq: int
    unit: int
    dirs: list[int]


class Acts(_Message, tag="acts"):
    """One decision of ``seat`` made of several codes (a whole battle choice): all or none.

    Why all or none: a screening choice of three groups is one decision for
    the player; half of it applied would be a position they never chose.
    Codes after the decision ended by itself are not applied
    (:func:`se4x_core.table.apply_all`).
    """

    seat: int
    seq: int
    codes: list[int]


class Explain(_Message, tag="explain"):
    """Why ``code`` is refused now (answered by :class:`Explained`, the host's words)."""

    seat: int
    seq: int
    code: int


class Leave(_Message, tag="leave"):
    """Give a seat up (before the game starts) or say goodbye (the seat stays held)."""

    seat: int


ClientMessage = Hello | Join | Rejoin | Ready | Chat | Act | Walk | Acts | Explain | Leave
ENTRY = (Hello, Join, Rejoin)  # the only messages a connection may send before it has joined


# -- host -> client ---------------------------------------------------------------------
class SeatInfo(msgspec.Struct, forbid_unknown_fields=True):
    """One seat as the lobby shows it: ``kind`` is "human" (a person, remote) or "computer"."""

    seat: int
    kind: str
    name: str
    colour: str
    taken: bool
    connected: bool
    ready: bool


class Hosting(_Message, tag="hosting", omit_defaults=True):
    """The answer to :class:`Hello`: which game this host holds (``game``: a registered
    game's name; left out on the wire for the default game, as before games had names)."""

    game_id: str
    game_name: str
    players: int
    game: str = ""


class Welcome(_Message, tag="welcome", omit_defaults=True):
    """A seat is yours: keep ``token`` (under ``game_id``) to rejoin it; ``game`` names
    the game the config is for (left out for the default game)."""

    seat: int
    token: str
    players: int
    config: dict[str, Any]
    game_id: str = ""
    game: str = ""


class Lobby(_Message, tag="lobby"):
    seats: list[SeatInfo]
    started: bool
    game_name: str


class Rows(msgspec.Struct, omit_defaults=True, forbid_unknown_fields=True):
    """A list of entries keyed by ``key`` (a hex's, a unit's number), as a change.

    ``put``: the entries added or changed, whole; ``drop``: the keys of the
    entries gone.  The list is kept sorted by its key.
    """

    key: str
    put: list[dict[str, Any]] = []
    drop: list[int] = []


class Patch(msgspec.Struct, omit_defaults=True, forbid_unknown_fields=True):
    """What changed in a mapping: values replaced, keys gone, sub-mappings and keyed
    lists changed in part (see :mod:`se4x_core.net.patch`)."""

    put: dict[str, Any] = {}
    drop: list[str] = []
    sub: dict[str, Patch] = {}
    rows: dict[str, Rows] = {}


class Update(_Message, tag="update", omit_defaults=True):
    """``seat``'s view after ``seq`` actions: observation, its events, and what it may do.

    The first update of a connection (``base`` -1) carries the whole
    observation; later ones carry only ``patch``, the change from the update
    of ``base`` actions that this connection was sent before, and the client
    rebuilds the exact observation from it.  ``legal`` and ``reachable`` are
    empty unless ``seat`` is to act.
    """

    seat: int
    seq: int
    observation: dict[str, Any] = {}
    events: list[dict[str, Any]] = []
    legal: list[int] = []
    reachable: dict[int, dict[int, list[int]]] = {}
    base: int = -1
    patch: Patch | None = None


class Explained(_Message, tag="explained"):
    """The host's answer to :class:`Explain`: ``text`` is empty when the action is legal."""

    seat: int
    seq: int
    code: int
    text: str


class ChatLine(_Message, tag="chat_line"):
    sender: str
    text: str


class Error(_Message, tag="error"):
    """A refusal: ``code`` is a short word for programs, ``message`` a sentence for people."""

    code: str
    message: str
    seat: int = -1


HostMessage = Hosting | Welcome | Lobby | Update | Explained | ChatLine | Error
Message = ClientMessage | HostMessage

_ENCODER = msgspec.msgpack.Encoder()
_CLIENT_DECODER = msgspec.msgpack.Decoder(ClientMessage)
_HOST_DECODER = msgspec.msgpack.Decoder(HostMessage)


def encode(message: Message) -> bytes:
    """The message body (no length prefix)."""
    return _ENCODER.encode(message)


def decode_client(raw: bytes) -> ClientMessage:
    """A client's message, schema-checked; ProtocolError names what is wrong.

    Why every exception: whatever the bytes make the decoder raise (a schema
    error, invalid UTF-8 in a string, nesting too deep) is the sender's fault
    and must become a refusal, never a traceback in the host's log.
    """
    try:
        message: ClientMessage = _CLIENT_DECODER.decode(raw)
    except Exception as exc:  # noqa: BLE001 - anything the bytes cause is malformed input
        raise ProtocolError(f"malformed message: {_short(exc)}") from None
    _check_text(message)
    return message


def decode_host(raw: bytes) -> HostMessage:
    """A host's message, schema-checked; ProtocolError names what is wrong."""
    try:
        message: HostMessage = _HOST_DECODER.decode(raw)
    except Exception as exc:  # noqa: BLE001 - see decode_client
        raise ProtocolError(f"malformed message: {_short(exc)}") from None
    return message


def _short(exc: Exception) -> str:
    """The decoder's reason, cut short (it may quote the offending bytes)."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "\u2026"


def _check_text(message: ClientMessage) -> None:
    for name in ("name", "password", "text", "token"):
        value = getattr(message, name, "")
        if len(value) > MAX_TEXT:
            raise ProtocolError(f"{name} is longer than {MAX_TEXT} characters")
    for name in ("dirs", "codes"):
        if len(getattr(message, name, ())) > MAX_STEPS:
            raise ProtocolError(f"{name} has more than {MAX_STEPS} entries")


# Characters never shown to other players: controls (terminal escapes, NUL), format
# characters (right-to-left overrides, zero-width joiners), private use, surrogates,
# and line and paragraph separators.
HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})
NAME_LIMIT: Final = 24  # characters of a player's or a game's name once cleaned


def clean_text(text: str, limit: int = NAME_LIMIT) -> str:
    r"""``text`` as others may see it: hidden characters removed, runs of spaces made one,
    trimmed and cut to ``limit`` characters.

    >>> clean_text("\x1b[31mEve\u202e\x00  the   great ")
    '[31mEve the great'
    """
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text)
                   if unicodedata.category(ch) not in HIDDEN_CATEGORIES)
    return " ".join(kept.split())[:limit].strip()


# -- frames -----------------------------------------------------------------------------
def frame(body: bytes) -> bytes:
    """``body`` with its length prefix; ProtocolError if it is too large to send."""
    if len(body) > MAX_FRAME:
        raise ProtocolError(f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def frame_length(header: bytes) -> int:
    """The body length a 4-byte header announces; ProtocolError if it is over the limit."""
    (length,) = HEADER.unpack(header)
    if length > MAX_FRAME:
        raise ProtocolError(f"frame of {length} bytes exceeds {MAX_FRAME}")
    return int(length)
