"""Building SE4 positions for the rules tests.

A scenario is a real game whose state is then set by hand: setup finished, the board
empty, every hand empty and every component card back in the deck, player 0 first and
active in round 1.  Colonies and ships are then placed (a ship's cards are taken from
the deck, standard armor from its pile, so the cards stay conserved), a phase begun
through the engine's own entry, and the dice scripted: ``dice(monkeypatch, [...])``
makes every roll come from the list, in order, and the test checks all were used.
The tests drive the game through the public ``Game.apply`` and read the results.

2-player map: sectors 0, 10 and 14 are home planets; 6 is a planet joined to 0, 1, 5,
11 and 12; 7 is the Ring World; the line 7-11 is unstable.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from se4x_core.games.se4 import rules
from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import HULL_NAMES, HULLS
from se4x_core.games.se4.game import Game
from se4x_core.games.se4.state import Colony, Ship, State

Event = dict[str, Any]


def blank(players: int = 2, seed: int = 0, round_limit: int = 0) -> Game:
    """A game past its setup with nothing on the board and every card in the deck."""
    game = Game.new_game({"players": players, "seed": seed, "round_limit": round_limit})
    state, gaps = game.state, game.gaps
    sets = gaps.deck_sets[players]
    state.deck = [i for i, c in enumerate(gaps.components) if not c.standard
                  for _ in range(c.count * sets)]
    state.hands = [[0] * len(gaps.components) for _ in range(players)]
    state.colonies, state.ships, state.debris = {}, {}, {}
    state.setup_done = [True] * players
    state.first = state.active = state.current = 0
    state.round = 1
    state.phase = "research"
    return game


def colony(game: Game, sector: int, owner: int, coins: int = 0, miners: int = 0,
           research: int = 0, yards: int = 0, shield: int = 0) -> Colony:
    placed = Colony(owner, sector, [miners, research, yards, shield], coins)
    game.state.colonies[sector] = placed
    return placed


def ship(game: Game, owner: int, hull: str, sector: int, cards: list[str] | tuple[str, ...] = (),
         crippled: bool = False, building: bool = False, down: tuple[str, ...] = ()) -> Ship:
    """A ship with ``cards`` (``down``: those of them face down), taken from the deck."""
    state, gaps = game.state, game.gaps
    placed = Ship(state.next_ship, owner, HULL_NAMES.index(hull), sector,
                  crippled=crippled, building=building, moves=HULLS[HULL_NAMES.index(hull)].speed)
    still_down = list(down)
    for name in cards:
        card = gaps.component_id(name)
        if gaps.components[card].standard:
            state.armor_pile -= 1
        else:
            state.deck.remove(card)
        up = 0 if name in still_down else 1
        if not up:
            still_down.remove(name)
        placed.cards.append([card, up])
    state.ships[placed.id] = placed
    state.next_ship += 1
    return placed


def give(game: Game, player: int, *names: str) -> None:
    """Cards from the deck into a hand."""
    for name in names:
        card = game.gaps.component_id(name)
        game.state.deck.remove(card)
        game.state.hands[player][card] += 1


def begin(game: Game, phase: str) -> list[Event]:
    """Start ``phase`` of the active player's turn through the engine's own entry."""
    events: list[Event] = []
    rules._begin_phase(game.state, game.gaps, phase, events)
    rules.advance(game.state, game.gaps, events)
    return events


def maintenance_due(coins: tuple[int, int]) -> Game:
    """Player 0's maintenance phase: two Battleships (4 coins due), colonies at sectors 0
    and 6 holding ``coins``."""
    game = blank()
    colony(game, 0, 0, coins=coins[0])
    colony(game, 6, 0, coins=coins[1])
    colony(game, 10, 1)
    for _ in range(2):
        ship(game, 0, "Battleship", 0)  # upkeep 2 each
    begin(game, "abandon")
    act(game, "done")
    assert game.phase == "pay"
    return game


def act(game: Game, kind: str, **fields: int) -> list[Event]:
    return game.apply(Action(kind, **fields))


def kinds(game: Game) -> set[str]:
    return {a.kind for a in game.legal_actions()}


def card_state(game: Game, ship_id: int) -> list[tuple[str, bool]]:
    gaps = game.gaps
    return [(gaps.components[c].name, bool(up)) for c, up in game.state.ships[ship_id].cards]


class Dice:
    """Scripted dice: each roll the next value of ``rolls``."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = list(rolls)
        self.used = 0

    def __call__(self, state: State) -> int:
        if not self.rolls:
            raise AssertionError(f"more dice rolled than scripted ({self.used} used)")
        self.used += 1
        return self.rolls.pop(0)

    def add(self, *rolls: int) -> None:
        self.rolls += rolls

    @property
    def left(self) -> list[int]:
        return list(self.rolls)


def dice(monkeypatch: pytest.MonkeyPatch, rolls: list[int]) -> Dice:
    scripted = Dice(rolls)
    monkeypatch.setattr(State, "d6", lambda state: scripted(state))
    return scripted


def events_of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def play_out(game: Game, choose: Any) -> Iterator[list[Event]]:
    """Apply ``choose(game)`` until it returns None; yields each action's events."""
    while True:
        action = choose(game)
        if action is None:
            return
        yield game.apply(action)
