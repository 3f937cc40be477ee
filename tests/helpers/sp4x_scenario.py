"""Building SP4X positions for the rules tests.

A scenario is a real game whose state is then set by hand: the board reset
to the Mothership and the start tiles (all Plastic Steppes unless told),
each player's start pieces, empty hands and a deck holding only the Star
card (every other card waits in the discard pile, so the 32 cards stay
conserved), player 0 to take the main action.  The tests then drive it
through the public ``Game.apply`` and read the results.

3-player start tiles: P0 at (1,0), P1 at (0,-1), P2 at (-1,1); the
Mothership at (0,0).  (1,-1) touches both P0's and P1's start tiles.
"""

from __future__ import annotations

from typing import Any

from se4x_core.games.sp4x import board, cards, rules
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.data import CARD_NAMES, load
from se4x_core.games.sp4x.game import Game

Cell = tuple[int, int]
DATA = load()
TILE_IDS = {kind.name: i for i, kind in enumerate(DATA.tiles)}


def c(q: int, r: int) -> int:
    return board.cell(q, r)


def scenario(players: int = 3, start: str = "plastic_steppe", seed: int = 1,
             factions: list[str] | None = None) -> Game:
    """Player 0 to act (phase ``main``), a bare board, no cards in hands."""
    config: dict[str, Any] = {"players": players, "seed": seed}
    if factions:
        config["factions"] = factions
    game = Game.new_game(config)
    s = game.state
    s.tiles = {board.CENTRE: TILE_IDS["mothership"]}
    s.tile_order = [board.CENTRE]
    pool = [i for i, kind in enumerate(DATA.tiles) if kind.name != "mothership"
            for _ in range(kind.count)]
    for p, (q, r) in enumerate(DATA.start_positions[players]):
        cell = c(q, r)
        pool.remove(TILE_IDS[start])
        s.tiles[cell] = TILE_IDS[start]
        s.tile_order.append(cell)
        s.men[p] = {cell: 2}
        s.bases[p] = {cell}
        s.roads[p] = {board.edge(cell, board.CENTRE)}
    s.stack = pool
    s.hands = [[0] * cards.N_KINDS for _ in range(players)]
    s.deck = [cards.STAR]
    s.know = cards.empty_knowledge(players)
    s.plan_laid = [0] * players
    s.plan_cards = [0] * players
    s.res = [[0, 0, 0] for _ in range(players)]
    s.score = [0] * players
    s.task, s.queue, s.chain = None, [], []
    s.active = s.current = 0
    s.phase = "main"
    s.turn = 1
    balance(game)
    return game


def balance(game: Game) -> None:
    """Put every action card not in a hand, the deck or laid into the discard pile."""
    s = game.state
    for k in range(cards.N_KINDS):
        held = sum(h[k] for h in s.hands) + s.deck.count(k) + sum(1 for _, x in s.chain if x == k)
        if k == cards.PLAN:
            held += sum(s.plan_cards)
        s.discard[k] = DATA.card_counts[k] - held
        assert s.discard[k] >= 0, f"too many {CARD_NAMES[k]} cards in the scenario"
    refresh(game)


def refresh(game: Game) -> None:
    game._legal = None


def set_hand(game: Game, p: int, **counts: int) -> None:
    game.state.hands[p] = [counts.get(name, 0) for name in CARD_NAMES]
    balance(game)


def set_deck(game: Game, *names: str) -> None:
    """The deck's cards, top first; the Star card goes under them."""
    game.state.deck = [CARD_NAMES.index(n) for n in names] + [cards.STAR]
    balance(game)


def put_tile(game: Game, q: int, r: int, kind: str) -> None:
    s = game.state
    s.stack.remove(TILE_IDS[kind])
    s.tiles[c(q, r)] = TILE_IDS[kind]
    s.tile_order.append(c(q, r))
    refresh(game)


def stack_top(game: Game, *kinds: str) -> None:
    """Put these tile kinds on top of the stack, in order."""
    s = game.state
    for kind in kinds:
        s.stack.remove(TILE_IDS[kind])
    s.stack = [TILE_IDS[k] for k in kinds] + s.stack
    refresh(game)


def set_men(game: Game, p: int, men: dict[Cell, int]) -> None:
    game.state.men[p] = {c(*cell): n for cell, n in men.items() if n}
    refresh(game)


def set_bases(game: Game, p: int, *cells: Cell) -> None:
    game.state.bases[p] = {c(*cell) for cell in cells}
    refresh(game)


def set_roads(game: Game, p: int, *pairs: tuple[Cell, Cell]) -> None:
    game.state.roads[p] = {board.edge(c(*a), c(*b)) for a, b in pairs}
    refresh(game)


def set_res(game: Game, p: int, plastic: int = 0, food: int = 0, metal: int = 0) -> None:
    game.state.res[p] = [plastic, food, metal]
    refresh(game)


def act(game: Game, kind: str, **params: Any) -> list[dict[str, Any]]:
    return game.apply(Action(kind, **params))


def legal_kinds(game: Game) -> set[str]:
    return {a.kind for a in game.legal_actions()}


def men_at(game: Game, p: int, cell: Cell) -> int:
    return game.state.men[p].get(c(*cell), 0)


def has_road(game: Game, p: int, a: Cell, b: Cell) -> bool:
    return board.edge(c(*a), c(*b)) in game.state.roads[p]


def direction(a: Cell, b: Cell) -> int:
    return board.direction_to(c(*a), c(*b))


def scored(events: list[dict[str, Any]], p: int) -> list[tuple[int, str]]:
    return [(e["points"], e["reason"]) for e in events
            if e["type"] == "scored" and e["player"] == p]


def finish_turn(game: Game) -> None:
    """End the active player's turn if it waits in the spend step."""
    if game.phase == "spend":
        act(game, "end_turn")


def check(game: Game) -> None:
    rules.check_invariants(game.state)
