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
from typing import Any, Final

import msgspec

PROTOCOL_VERSION: Final = 1
MAX_FRAME: Final = 1 << 20  # 1 MiB: an observation of the large board is ~60 KB
HEADER: Final = struct.Struct(">I")
MAX_TEXT: Final = 500  # chat lines, names and passwords are cut to this many characters


class ProtocolError(ValueError):
    """A message or frame that does not follow the protocol; ``str()`` says why."""


class _Message(msgspec.Struct, tag_field="kind", forbid_unknown_fields=True):
    """A message: its ``kind`` names it on the wire; unknown fields are refused."""


# -- client -> host ---------------------------------------------------------------------
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


class Leave(_Message, tag="leave"):
    """Give a seat up (before the game starts) or say goodbye (the seat stays held)."""

    seat: int


ClientMessage = Join | Rejoin | Ready | Chat | Act | Leave


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


class Welcome(_Message, tag="welcome"):
    """A seat is yours: keep ``token`` to rejoin it."""

    seat: int
    token: str
    players: int
    config: dict[str, Any]


class Lobby(_Message, tag="lobby"):
    seats: list[SeatInfo]
    started: bool
    game_name: str


class Update(_Message, tag="update"):
    """``seat``'s view after ``seq`` actions: observation, its events, and what it may do.

    ``legal`` and ``reachable`` are empty unless ``seat`` is to act.
    """

    seat: int
    seq: int
    observation: dict[str, Any]
    events: list[dict[str, Any]]
    legal: list[int]
    reachable: dict[int, dict[int, list[int]]]


class ChatLine(_Message, tag="chat_line"):
    sender: str
    text: str


class Error(_Message, tag="error"):
    """A refusal: ``code`` is a short word for programs, ``message`` a sentence for people."""

    code: str
    message: str
    seat: int = -1


HostMessage = Welcome | Lobby | Update | ChatLine | Error
Message = ClientMessage | HostMessage

_ENCODER = msgspec.msgpack.Encoder()
_CLIENT_DECODER = msgspec.msgpack.Decoder(ClientMessage)
_HOST_DECODER = msgspec.msgpack.Decoder(HostMessage)


def encode(message: Message) -> bytes:
    """The message body (no length prefix)."""
    return _ENCODER.encode(message)


def decode_client(raw: bytes) -> ClientMessage:
    """A client's message, schema-checked; ProtocolError names what is wrong."""
    try:
        message: ClientMessage = _CLIENT_DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise ProtocolError(f"malformed message: {exc}") from None
    _check_text(message)
    return message


def decode_host(raw: bytes) -> HostMessage:
    """A host's message, schema-checked; ProtocolError names what is wrong."""
    try:
        message: HostMessage = _HOST_DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise ProtocolError(f"malformed message: {exc}") from None
    return message


def _check_text(message: ClientMessage) -> None:
    for name in ("name", "password", "text", "token"):
        value = getattr(message, name, "")
        if len(value) > MAX_TEXT:
            raise ProtocolError(f"{name} is longer than {MAX_TEXT} characters")


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
