"""What one SP4X player may know, typed; and the information set a search samples from.

Public: the board, every piece, resources, scores, hand sizes, the discard
pile, laid cards, the pending decision, and of the two face-up piles (Danish
3: the deck "face up, with the Star card at the bottom", the tile stack face
up "so that one can see which tile comes next") what a face-up pile shows:
its top and its height.  The Star card is known to lie at the bottom, and the
tiles under the stack's top are known as a multiset (every tile of the box
not yet on the table), never in order.  Private: the cards in hands and the
order of both piles under their tops.  The viewer sees their own hand, and
per opponent only the cards card tracking makes certain (:mod:`cards`):
shown and taken back, drawn openly from the deck, drawn from the viewer,
less what has left that hand since.

The generator's state is hidden too (it would tell the next random draw).
A test checks that two states differing only in hidden facts (unknown
cards permuted between hands and the deck, the piles reordered under their
tops, another generator state) give the same observation.
"""

from __future__ import annotations

from typing import Any, TypedDict

from se4x_core.games.sp4x import board, cards, perform
from se4x_core.games.sp4x.actions import RESOURCE_NAMES
from se4x_core.games.sp4x.data import CARD_NAMES, load
from se4x_core.games.sp4x.state import State


class TileView(TypedDict):
    q: int
    r: int
    kind: str


class PiecesView(TypedDict):
    men: list[list[int]]  # [q, r, count]
    bases: list[list[int]]  # [q, r]
    roads: list[list[int]]  # [q1, r1, q2, r2]
    pool: dict[str, int]  # men, bases, roads not on the board


class PlayerView(TypedDict):
    player: int
    faction: str
    score: int
    resources: dict[str, int]
    capacity: dict[str, int]
    hand_size: int
    known: dict[str, int]  # the viewer's own hand, or the cards certainly in this hand
    plan_laid: int  # Grand Plan cards laid out: nobody may draw from this player meanwhile
    pieces: PiecesView


class ChainCard(TypedDict):
    player: int
    card: str


class PendingView(TypedDict):
    """The action being carried out (public: everything in it happened in the open)."""

    act: str
    player: int
    pair: bool
    mode: str  # normal, ai (bonus only), plan (2 + bonus), none (no score), all (War)
    left: int  # moves left (Move & Explore)
    moved: list[list[int]]  # [q, r] of men that have used their move
    roads_built: int
    taken: int  # resources stolen so far
    victim: int
    cell: list[int]  # a War's nominated tile, an Alien power's tile ([] if none)
    powers: list[list[int]]  # Alien CIV tiles still to use (Exploit pair)
    card: str  # a Star chain's card ("" otherwise)


class Observation(TypedDict):
    game: str
    viewer: int
    phase: str
    current_player: int
    active_player: int
    age: int
    turn: int
    is_over: bool
    winners: list[int]
    hand: dict[str, int]
    players: list[PlayerView]
    deck_top: str  # the face-up deck's top card ("star" once it is the last; "" if empty)
    deck_size: int  # cards in the deck, the Star card at the bottom included
    star_exposed: bool  # only the Star card is left: showing a card lays it (Star rule)
    discard: dict[str, int]
    chain: list[ChainCard]
    tiles: list[TileView]
    stack_top: str  # the face-up tile stack's top: the next tile explored ("" if empty)
    stack_size: int  # tiles in the stack
    stack_below: dict[str, int]  # the tiles under the top, by kind (their order is hidden)
    pending: PendingView | None
    queued: int  # actions still queued after the pending one (a Star chain)


class InformationSet(TypedDict):
    """The observation plus the card tracking a search samples hidden hands from."""

    observation: Observation
    unknown_slots: list[int]  # per player: cards in that hand the viewer cannot name
    deck_unknown: int  # deck cards between the top and the Star card (face down to all)
    unseen: dict[str, int]  # the cards filling those slots and the deck's, as a multiset
    # A full state drawn from what the viewer knows (State.to_dict form), with a fixed
    # seed: a search rebuilds it and deals the unknown cards again for each sample.
    state: dict[str, Any]


#: The fixed seed of the information set's drawn state: the same knowledge gives the
#: same state whatever the hidden facts are.
INFO_SEED = 0x5B4C


def _xy(c: int) -> list[int]:
    q, r = board.coords(c)
    return [q, r]


def _counts(row: list[int]) -> dict[str, int]:
    return {CARD_NAMES[k]: row[k] for k in range(cards.N_KINDS) if row[k]}


def _pieces(state: State, p: int) -> PiecesView:
    roads = []
    for e in sorted(state.roads[p]):
        a, b = board.edge_cells(e)
        roads.append(_xy(a) + _xy(b))
    return {
        "men": sorted(_xy(c) + [k] for c, k in state.men[p].items()),
        "bases": sorted(_xy(c) for c in state.bases[p]),
        "roads": roads,
        "pool": {"men": perform.pool(state, p, 0), "bases": perform.pool(state, p, 1),
                 "roads": perform.pool(state, p, 2)},
    }


def _player(state: State, viewer: int, p: int) -> PlayerView:
    faction = load().factions[state.factions[p]]
    known = state.hands[p] if p == viewer else state.know[viewer][p]
    return {
        "player": p,
        "faction": state.factions[p],
        "score": state.score[p],
        "resources": {RESOURCE_NAMES[r]: state.res[p][r] for r in range(3)},
        "capacity": {RESOURCE_NAMES[r]: faction.capacity(r) for r in range(3)},
        "hand_size": state.hand_size(p),
        "known": _counts(known),
        "plan_laid": state.plan_cards[p],
        "pieces": _pieces(state, p),
    }


def _pending(state: State) -> PendingView | None:
    task = state.task
    if task is None:
        return None
    cell = task.get("cell", task.get("power", -1))
    return {
        "act": task["act"],
        "player": task["p"],
        "pair": bool(task["pair"]),
        "mode": task["mode"],
        "left": task.get("left", 0),
        "moved": sorted(_xy(c) for c in task.get("used", [])),
        "roads_built": task.get("roads", 0),
        "taken": task.get("taken", 0),
        "victim": task.get("victim", -1),
        "cell": _xy(cell) if cell is not None and cell >= 0 else [],
        "powers": [_xy(c) for c in task.get("powers", [])],
        "card": cards.card_name(task["card"]) if "card" in task else "",
    }


def observation(state: State, viewer: int) -> Observation:
    """Everything ``viewer`` may know, and nothing more."""
    tiles = load().tiles
    return {
        "game": "sp4x",
        "viewer": viewer,
        "phase": state.phase,
        "current_player": state.current,
        "active_player": state.active,
        "age": state.age,
        "turn": state.turn,
        "is_over": state.is_over,
        "winners": list(state.winners),
        "hand": _counts(state.hands[viewer]),
        "players": [_player(state, viewer, p) for p in range(state.n)],
        "deck_top": cards.card_name(state.deck[0]) if state.deck else "",
        "deck_size": len(state.deck),
        "star_exposed": bool(state.deck) and state.deck[0] == cards.STAR,
        "discard": _counts(state.discard),
        "chain": [{"player": p, "card": CARD_NAMES[c]} for p, c in state.chain],
        "tiles": [{"q": board.coords(c)[0], "r": board.coords(c)[1],
                   "kind": tiles[state.tiles[c]].name} for c in state.tile_order],
        "stack_top": tiles[state.stack[0]].name if state.stack else "",
        "stack_size": len(state.stack),
        "stack_below": _tile_counts(state.stack[1:]),
        "pending": _pending(state),
        "queued": len(state.queue),
    }


def _tile_counts(kinds: list[int]) -> dict[str, int]:
    tiles = load().tiles
    counts: dict[str, int] = {}
    for k in sorted(kinds):
        counts[tiles[k].name] = counts.get(tiles[k].name, 0) + 1
    return counts


def hidden_deck(state: State) -> list[int]:
    """The deck's positions nobody sees: under the face-up top, above the Star card
    (which everyone knows lies at the bottom)."""
    if len(state.deck) < 3:
        return []
    return list(range(1, len(state.deck) - 1))


def unknown_cards(state: State, viewer: int) -> tuple[list[int], list[int]]:
    """Per player the number of cards ``viewer`` cannot name in that hand, and the
    multiset (per card kind) of the cards in those slots and in the deck under its top
    (:func:`hidden_deck`)."""
    slots = [0] * state.n
    unseen = [0] * cards.N_KINDS
    for i in hidden_deck(state):
        unseen[state.deck[i]] += 1
    for p in range(state.n):
        if p == viewer:
            continue
        known = state.know[viewer][p]
        slots[p] = state.hand_size(p) - sum(known)
        for k in range(cards.N_KINDS):
            unseen[k] += state.hands[p][k] - known[k]
    return slots, unseen


def information_set(state: State, viewer: int) -> InformationSet:
    slots, unseen = unknown_cards(state, viewer)
    return {"observation": observation(state, viewer), "unknown_slots": slots,
            "deck_unknown": len(hidden_deck(state)), "unseen": _counts(unseen),
            "state": determinize(state, viewer, INFO_SEED).to_dict()}


def determinize(state: State, viewer: int, seed: int) -> State:
    """A full state ``viewer`` cannot tell from this one, and a function of what the
    viewer knows and ``seed`` only: the cards the viewer cannot name dealt at random
    into the opponents' unknown slots and the deck under its top, the tile stack under
    its top shuffled, a fresh generator.

    The other players' card tracking is hidden too: what ``w`` learnt about
    ``p``'s hand when ``p`` drew from ``w`` is known to those two only.  So
    ``w``'s tracking of a third hand becomes the viewer's own tracking of it
    (certain in the sample, whose hands keep the viewer's known cards), an
    honest guess rather than the truth.  What the others know of the
    viewer's hand stays: the viewer can work it out (it saw every card that
    left or joined its hand, and every draw is announced).
    """
    sample = state.copy()
    sample.rng = seed
    slots, unseen = unknown_cards(state, viewer)
    pack = [k for k in range(cards.N_KINDS) for _ in range(unseen[k])]
    sample.shuffle(pack)
    for p in range(state.n):
        if p == viewer:
            continue
        hand = list(state.know[viewer][p])
        for _ in range(slots[p]):
            hand[pack.pop()] += 1
        sample.hands[p] = hand
    for i in hidden_deck(state):
        sample.deck[i] = pack.pop()
    below = sorted(state.stack[1:])
    sample.shuffle(below)
    sample.stack = state.stack[:1] + below
    for w in range(state.n):
        for p in range(state.n):
            if viewer not in (w, p) and w != p:
                sample.know[w][p] = list(state.know[viewer][p])
    sample.rng = (seed * 0x9E3779B97F4A7C15 + 1) & ((1 << 64) - 1)
    return sample
