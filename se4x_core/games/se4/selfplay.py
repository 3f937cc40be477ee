"""SE4's own checks for the contract checker (its record's ``checks``) and seeded
self-play.

After every action: the component cards are conserved (deck, hands and ships hold every
card of the sets; the standard armor pile and the armor on ships hold the pile's
count), no coin count is negative, no ship carries more than its room or holds cards
that do not fit its hull, nobody out of the game is asked to decide, every event's
audience is a list of players; with the deep checks, the leak check for every player
(observations and legal actions the same whatever the deck and the other hands hold).
"""

from __future__ import annotations

import random
from typing import Any

from se4x_core.gamekit.checker import ContractBroken, leak_check
from se4x_core.gamekit.contract import Events, Facade
from se4x_core.games.se4 import ships as sh
from se4x_core.games.se4.game import Game
from se4x_core.games.se4.state import State


def hidden(game: Any) -> Any:
    """What a player cannot see: every hand and the deck's order."""
    return (game.state.hands, game.state.deck)


def check_invariants(game: Game) -> None:
    """The conservation and bounds above; AssertionError naming the first broken one."""
    state, gaps = game.state, game.gaps
    sets = gaps.deck_sets[state.n]
    counts = [0] * len(gaps.components)
    for card in state.deck:
        counts[card] += 1
    for hand in state.hands:
        for card, n in enumerate(hand):
            if n < 0:
                raise AssertionError("a hand holds a negative count")
            counts[card] += n
    for ship in state.ships.values():
        for card, _ in ship.cards:
            counts[card] += 1
        _check_ship(state, game, ship.id)
    for card, component in enumerate(gaps.components):
        expected = gaps.standard_armor_pile - state.armor_pile if component.standard else \
            component.count * sets
        if counts[card] != expected:
            raise AssertionError(f"{component.name}: {counts[card]} cards in play, "
                                 f"{expected} expected")
    if any(c.coins < 0 for c in state.colonies.values()) or \
            any(v < 0 for v in state.debris.values()):
        raise AssertionError("negative coins")
    if not state.is_over and state.out[state.current]:
        raise AssertionError("a player who is out is asked to decide")


def _check_ship(state: State, game: Game, ship_id: int) -> None:
    ship = state.ships[ship_id]
    if ship.cargo < 0 or ship.cargo > sh.cargo_room(state, game.gaps, ship):
        raise AssertionError(f"ship {ship.id} carries {ship.cargo} coins")
    if not sh.fits(game.gaps, ship.hull, [c for c, _ in ship.cards]):
        raise AssertionError(f"ship {ship.id}'s cards do not fit its hull")
    if ship.building and ship.cards and state.phase not in ("complete", "setup_design"):
        raise AssertionError(f"hull {ship.id} under construction holds cards")


class Se4Checks:
    """SE4's own checks around every action (module docstring)."""

    def __init__(self, game: Facade) -> None:
        assert isinstance(game, Game)
        self.game = game
        self.leaks_varied = 0
        self.leak_checks = 0
        self.seen: dict[str, int] = {}  # events of each type (what the soak reports)

    def at_start(self, game: Facade) -> None:
        check_invariants(self.game)
        self.leaks()

    def before(self, game: Facade, code: int, deep: bool) -> None:
        """Nothing before an action."""

    def after(self, game: Facade, code: int, events: Events, deep: bool) -> None:
        players = self.game.state.n
        for event in events:
            self.seen[event["type"]] = self.seen.get(event["type"], 0) + 1
            visible = event["visible_to"]
            if visible is not None and not all(0 <= p < players for p in visible):
                raise ContractBroken(f"event {event['type']} has a bad audience")
        check_invariants(self.game)
        if deep:
            self.leaks()

    def at_save(self, game: Facade, loaded: Facade) -> None:
        """The save is the generic checker's."""

    def at_end(self, game: Facade) -> None:
        if not self.game.winners:
            raise AssertionError("a finished game names no winner")

    def leaks(self) -> None:
        for viewer in range(self.game.state.n):
            self.leak_checks += 1
            self.leaks_varied += leak_check(self.game, viewer, hidden=hidden)


def own_checks(game: Facade, rnd: random.Random) -> Se4Checks:
    """The record's ``checks``."""
    return Se4Checks(game)
