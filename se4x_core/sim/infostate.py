"""A player's information set as one compact, self-contained search state.

Why: a computer player decides from what its player knows only, yet search
needs full states to play forward.  :meth:`se4x_core.game.Game.information_set`
hands a search bot its ``search_state``: the state
:func:`se4x_core.sim.determinize.determinize` draws for the viewer with a
fixed seed.  Determinization depends only on what the viewer knows (its
tests and the leak checks prove it), so this state is a function of the
viewer's information set and leaks nothing; a bot unpacks it and draws its
own determinizations from it.  It is not part of the observation: screens
and network clients have no use for it.

The packing is the board name, the scalars as signed 64-bit words and the
array buffer, base64-encoded text.

>>> from se4x_core.rules import engine
>>> state = engine.new_state({"players": 2, "seed": 5})
>>> again = unpack(pack(state))
>>> again == state
True
"""

from __future__ import annotations

import base64
import struct

from se4x_core.rules.state import SCALARS, State
from se4x_core.sim.determinize import determinize

INFO_SEED = 0x5E4C  # the fixed seed of the information set's drawn state
_HEADER = struct.Struct("<16sB")
_SCALARS = struct.Struct("<" + "q" * len(SCALARS))


def pack(state: State) -> str:
    """The whole state as a short base64 text."""
    header = _HEADER.pack(state.board_name.encode(), state.n_players)
    scalars = [value - (1 << 64) if value >= 1 << 63 else value for value in state.scalars()]
    return base64.b64encode(header + _SCALARS.pack(*scalars) + state.buffer_bytes()).decode()


def unpack(text: str) -> State:
    """A state from :func:`pack` output; ValueError if the text is not one."""
    try:
        raw = base64.b64decode(text, validate=True)
        board, players = _HEADER.unpack_from(raw)
        scalars = _SCALARS.unpack_from(raw, _HEADER.size)
    except (ValueError, struct.error) as exc:
        raise ValueError(f"not a packed state: {exc}") from None
    state = State(board.rstrip(b"\0").decode(), players)
    for name, value in zip(SCALARS, scalars, strict=True):
        if name not in ("n_players", "n_hexes"):
            setattr(state, name, value + (1 << 64) if name == "rng" and value < 0 else value)
    state.load_buffer_bytes(raw[_HEADER.size + _SCALARS.size:])
    return state


def search_state(state: State, viewer: int) -> str:
    """The viewer's information set as a packed state (see the module docstring)."""
    return pack(determinize(state, viewer, INFO_SEED))
