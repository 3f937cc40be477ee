"""What one SE4 player may know; and the information set a search deals hidden cards from.

Public: the board, every colony with its facilities and coins, the debris, every ship
with its components (the text places ships "with all their components face up") and its
cargo, the techs (face-up cards), hand sizes, the deck's height, the pending decision
and the battle in progress.  Private: the cards in each hand (the viewer sees their own)
and the deck's order.  The generator's state is hidden too (it would tell the next die).
"""

from __future__ import annotations

from typing import Any

from se4x_core.games.se4 import rules
from se4x_core.games.se4.charts import FACILITIES, HULLS
from se4x_core.games.se4.data import Gaps
from se4x_core.games.se4.state import State

Observation = dict[str, Any]


def observation(state: State, gaps: Gaps, viewer: int) -> Observation:
    board = gaps.maps[state.map_players]
    names = [c.name for c in gaps.components]
    return {
        "game": "se4", "viewer": viewer, "players": state.n, "round": state.round,
        "first": state.first, "active": state.active, "phase": state.phase,
        "current_player": state.current if not state.is_over else -1,
        "is_over": state.is_over, "winners": list(state.winners) if state.is_over else [],
        "out": list(state.out), "round_limit": state.task.get("round_limit", 0),
        "sectors": [{"name": s.name, "x": s.x, "y": s.y, "body": s.body} for s in board.sectors],
        "lines": [[a, b, "unstable" if u else "stable"] for a, b, u in board.lines],
        "colonies": [{"sector": c.sector, "owner": c.owner, "coins": c.coins,
                      "facilities": dict(zip(FACILITIES, c.facilities, strict=True)),
                      "yards_used": c.yards_used}
                     for _, c in sorted(state.colonies.items())],
        "debris": [[sector, coins] for sector, coins in sorted(state.debris.items()) if coins],
        "ships": [{"id": s.id, "owner": s.owner, "hull": HULLS[s.hull].name,
                   "sector": s.sector, "crippled": s.crippled, "building": s.building,
                   "cards": [[names[c], bool(up)] for c, up in s.cards], "cargo": s.cargo,
                   "moves": s.moves, "moved": s.moved, "spoiled": s.spoiled}
                  for s in sorted(state.ships.values(), key=lambda s: s.id)],
        "hand": {names[c]: n for c, n in enumerate(state.hands[viewer]) if n},
        "hand_sizes": [sum(h) for h in state.hands],
        "deck_size": len(state.deck), "armor_pile": state.armor_pile,
        "techs": [[gaps.techs[t].name for t in techs] for techs in state.techs],
        "battle": state.battle, "task": state.task, "damage": state.damage,
        "scores": [rules.score(state, gaps, p) for p in range(state.n)],
    }


def information_set(state: State, gaps: Gaps, viewer: int) -> Observation:
    """The observation plus the cards the viewer cannot place (the deck and the other
    hands, as one multiset): what a search redeals."""
    info = observation(state, gaps, viewer)
    unknown = [0] * len(gaps.components)
    for card in state.deck:
        unknown[card] += 1
    for player, hand in enumerate(state.hands):
        if player != viewer:
            for card, n in enumerate(hand):
                unknown[card] += n
    info["unknown_cards"] = unknown
    info["state"] = canonical(state, viewer)
    return info


def canonical(state: State, viewer: int) -> dict[str, Any]:
    """The state as the viewer may know it: the other hands and the deck dealt in a
    fixed order from the cards the viewer cannot place, and a fixed generator (what a
    search rebuilds and deals again; a function of the viewer's knowledge only)."""
    doc = state.to_dict()
    pool = sorted(list(state.deck) + [card for player, hand in enumerate(state.hands)
                                      if player != viewer
                                      for card, n in enumerate(hand) for _ in range(n)])
    hands = []
    for player, hand in enumerate(state.hands):
        if player == viewer:
            hands.append(list(hand))
            continue
        dealt = [0] * len(hand)
        for card in pool[:sum(hand)]:
            dealt[card] += 1
        del pool[:sum(hand)]
        hands.append(dealt)
    doc["hands"], doc["deck"], doc["rng"] = hands, pool, 0
    return doc


def determinize(state: State, viewer: int, seed: int) -> State:
    """A state the viewer cannot tell from this one: the deck and the other hands dealt
    again from the cards the viewer cannot place, and a fresh generator."""
    other = state.copy()
    pool = list(state.deck)
    for player, hand in enumerate(state.hands):
        if player != viewer:
            for card, n in enumerate(hand):
                pool += [card] * n
    other.rng = seed
    other.shuffle(pool)
    for player, hand in enumerate(state.hands):
        if player != viewer:
            size = sum(hand)
            other.hands[player] = [0] * len(hand)
            for card in pool[:size]:
                other.hands[player][card] += 1
            del pool[:size]
    other.deck = pool
    other.rng = (seed * 0x9E3779B97F4A7C15 + 1) & ((1 << 64) - 1)
    return other
