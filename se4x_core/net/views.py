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

from se4x_core.gamekit.contract import Facade, Walker
from se4x_core.net.protocol import Update


def update_for(game: Facade, seat: int, events: Any) -> Update:
    """``seat``'s :class:`Update` after the action that produced ``events`` (any game's
    facade: its own ``events_for`` says which events the seat may see)."""
    acting = game.current_player == seat and not game.is_over
    return Update(seat=seat, seq=len(game.action_codes),
                  observation=dict(game.observation(seat)),
                  events=[dict(e) for e in game.events_for(events, seat)],
                  legal=game.legal_codes() if acting else [],
                  reachable=_reachable(game, seat) if acting else {})


def _reachable(game: Facade, seat: int) -> dict[int, dict[int, list[int]]]:
    """Where each of the acting player's pieces can still walk (a game whose pieces walk:
    the map lights these up)."""
    if not isinstance(game, Walker):
        return {}
    out: dict[int, dict[int, list[int]]] = {}
    for piece in game.walkers(seat):
        paths = game.reachable(piece)
        if paths:
            out[piece] = paths
    return out
