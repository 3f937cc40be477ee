"""What the host sends one seat: built from that seat's information only.

Why a module of its own: this is the one place where host state becomes a
network message, so the leak check (tests/net) runs exactly this code on a
state whose hidden facts were changed and asserts the message did not
change.  Everything here goes through the facade's per-player views
(``observation``, the visibility of events); the legal actions and the
reachable hexes are added only for the seat that is to act, and both are
what that player's own screen would compute.
"""

from __future__ import annotations

from typing import Any

from se4x_core.events import Event
from se4x_core.net.protocol import Update
from se4x_core.rules.codes import UNITS_PER_PLAYER


def update_for(game: Any, seat: int, events: list[Event]) -> Update:
    """``seat``'s :class:`Update` after the action that produced ``events`` (any game's
    facade: its own ``events_for`` says which events the seat may see)."""
    acting = game.current_player == seat and not game.is_over
    moving = acting and game.phase == "movement" and hasattr(game, "reachable")
    return Update(seat=seat, seq=len(game.action_codes),
                  observation=dict(game.observation(seat)),
                  events=[dict(e) for e in game.events_for(events, seat)],
                  legal=game.legal_codes() if acting else [],
                  reachable=_reachable(game) if moving else {})


def _reachable(game: Any) -> dict[int, dict[int, list[int]]]:
    """Where each of the acting player's groups can still go (the map lights these up)."""
    first = game.current_player * UNITS_PER_PLAYER
    out: dict[int, dict[int, list[int]]] = {}
    for unit in range(first, first + UNITS_PER_PLAYER):
        paths = game.reachable(unit)
        if paths:
            out[unit] = paths
    return out
