"""The turn flow of SP4X: setup, the Old Maid draw, the main action, the Star chain,
spending resources, the end of an age and of the game.

:func:`new_state` sets a game up (Danish 3), :func:`legal` lists the codes
legal now, :func:`apply` carries one out (the facade has checked it is
legal), :func:`explain` says why a code is refused.  A turn (Danish 4) is:

* ``draw``: draw a card at random from the hand of an opponent you choose
  (not from an empty hand, nor from a player whose Grand Plan lies out);
* ``main``: show a card, play a pair, play the AI with a card, show the AI
  alone (only when it is your only card: the age ends), or with an empty
  hand take the deck's top card (or pass when the deck is spent);
* the action's own decisions (:mod:`perform`), possibly by other players
  (War, the Star chain);
* ``spend``: bonus actions paid with resources, then ``end_turn``.

A decision with a single possible answer that changes nothing (a task with
only "done" left, a spend step with nothing affordable, a draw with nobody
to draw from) is taken automatically.
"""

from __future__ import annotations

from typing import Any

from se4x_core.errors import ConfigError
from se4x_core.games.sp4x import board, cards, perform, scoring
from se4x_core.games.sp4x.actions import KINDS, arg_a, arg_b, describe, encode, kind_of
from se4x_core.games.sp4x.cards import AI, PLAN, STAR, WAR
from se4x_core.games.sp4x.data import CARD_NAMES, PLAN_CHOICES, Rules, load
from se4x_core.games.sp4x.perform import DONE, FOOD, PLASTIC, Events, add_score, emit, xy
from se4x_core.games.sp4x.state import State

CONFIG_KEYS = frozenset({"players", "seed", "factions"})
ACT_OF_CARD = ("move", "build", "exploit", "men", "steal", "war", "plan")
END_TURN = encode("end_turn")


def rules() -> Rules:
    return load()


# -- configuration and setup -------------------------------------------------------------
def normalise_config(config: dict[str, Any] | None) -> dict[str, Any]:
    """The config with defaults filled in; ConfigError names a bad field."""
    config = dict(config or {})
    unknown = set(config) - CONFIG_KEYS
    if unknown:
        raise ConfigError(f"unknown config field {sorted(unknown)[0]!r}")
    data = rules()
    players = config.get("players", max(data.players))
    if isinstance(players, bool) or not isinstance(players, int) or players not in data.players:
        raise ConfigError(f"players must be one of {list(data.players)}, not {players!r}")
    seed = config.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 63:
        raise ConfigError("seed must be an integer 0 .. 2**63-1")
    factions = config.get("factions", ["vanilla"] * players)
    if not isinstance(factions, list) or len(factions) != players:
        raise ConfigError(f"factions must list {players} faction names")
    for name in factions:
        if name not in data.factions:
            raise ConfigError(f"unknown faction {name!r} (known: {', '.join(data.factions)})")
        if name != "vanilla" and factions.count(name) > 1:
            raise ConfigError(f"faction {name!r} is chosen twice")
    return {"players": players, "seed": seed, "factions": list(factions)}


def new_state(config: dict[str, Any]) -> State:
    """A new game (Danish 3, Opsætning) from a normalised config."""
    n = config["players"]
    state = State(n, config["factions"], config["seed"])
    _place_tiles(state)
    first = _ai_holder(state)
    if first < 0:
        first = state.below(n)
    _deal(state)
    _begin_turn(state, first, None)
    return state


def _place_tiles(state: State) -> None:
    """The Mothership in the centre; a random start tile per player (redrawn if it may not
    start: Mountain, Slime Sea); the rest shuffled into a face-up stack; each player's
    start pieces, the road joining the start tile to the Mothership."""
    data = rules()
    mothership = data.tile_id("mothership")
    state.tiles[board.CENTRE] = mothership
    state.tile_order.append(board.CENTRE)
    rest = [i for i, kind in enumerate(data.tiles) if i != mothership
            for _ in range(kind.count)]
    state.shuffle(rest)
    men, bases, roads = data.start_pieces
    for p, (q, r) in enumerate(data.start_positions[state.n]):
        kind = next(k for k in rest if data.tiles[k].start)
        rest.remove(kind)
        c = board.cell(q, r)
        state.tiles[c] = kind
        state.tile_order.append(c)
        state.add_men(p, c, men)
        if bases:
            state.bases[p].add(c)
        if roads:
            state.roads[p].add(board.edge(c, board.CENTRE))
    state.shuffle(rest)
    state.stack = rest


def _ai_holder(state: State) -> int:
    """The first Homo SAIens-like player (a faction that starts with the AI), or -1."""
    data = rules()
    for p, name in enumerate(state.factions):
        if data.factions[name].starts_with_ai:
            return p
    return -1


def _deal(state: State) -> None:
    """Shuffle the action cards and deal 5 to everyone (the AI to its faction, which then
    gets 4 more); the rest face up with the Star card at the bottom."""
    data = rules()
    holder = _ai_holder(state)
    pack = [c for c, count in enumerate(data.card_counts) for _ in range(count)
            if not (c == AI and holder >= 0)]
    state.shuffle(pack)
    for p in range(state.n):
        hand = state.hands[p]
        if p == holder:
            hand[AI] += 1
        while sum(hand) < data.hand_size:
            hand[pack.pop()] += 1
    state.deck = pack + [STAR]
    if holder >= 0:
        cards.entered_hand(state.know, holder, AI)


# -- the legal codes ---------------------------------------------------------------------
def legal(state: State) -> list[int]:
    """Every code legal now, sorted (empty once the game is over)."""
    phase = state.phase
    if phase == "game_over":
        return []
    if phase in perform.TASK_PHASES:
        codes = perform.legal(state)
    else:
        codes = _FLOW_LEGAL[phase](state)
    return sorted(set(codes))


def _legal_draw(state: State) -> list[int]:
    out = [encode("draw", q) for q in _draw_targets(state, state.active)]
    if not rules().options["draw_mandatory"] or not out:
        out.append(DONE)
    return out


def _draw_targets(state: State, p: int) -> list[int]:
    return [q for q in range(state.n)
            if q != p and state.hand_size(q) > 0 and state.plan_laid[q] == 0]


def _legal_main(state: State) -> list[int]:
    hand = state.hands[state.active]
    held = [c for c in range(cards.N_KINDS) if hand[c] and c != AI]
    if not held:
        if hand[AI]:
            return [encode("show_ai")]
        if rules().options["empty_hand_takes_top_card"] and state.deck[0] != STAR:
            return [encode("take_top")]
        return [encode("pass")]
    out = [encode("show", c) for c in held]
    out += [encode("pair", c) for c in held if hand[c] >= 2]
    if hand[AI]:
        out += [encode("ai_pair", c) for c in held]
    return out


def _legal_star_order(state: State) -> list[int]:
    return [encode("act_first"), encode("act_last")]


def _legal_spend(state: State) -> list[int]:
    """Bonus actions (Danish 7): 1 plastic a road where you have a man; 1 food a man from
    your pool on a tile with your base, or one man one step (roads extend it, no
    exploring)."""
    p = state.active
    res = state.res[p]
    out = [END_TURN]
    if res[PLASTIC] > 0:
        out += [encode("buy_road", c, d) for c, d in perform.road_options(state, p)]
    if res[FOOD] > 0:
        if perform.pool(state, p, 0) > 0:
            out += [encode("buy_man", c) for c in state.bases[p]]
        for c in state.men[p]:
            out += [encode("buy_move", c, d) for d in perform.destinations(state, p, c)]
    return out


_FLOW_LEGAL = {"draw": _legal_draw, "main": _legal_main, "star_order": _legal_star_order,
               "spend": _legal_spend}


# -- applying a code ---------------------------------------------------------------------
def apply(state: State, code: int, events: Events | None) -> None:
    """Carry out a legal code, then run everything automatic up to the next decision."""
    if state.phase in perform.TASK_PHASES:
        perform.apply(state, code, events)
    else:
        _FLOW_APPLY[kind_of(code)](state, code, events)
    _advance(state, events)


def _advance(state: State, events: Events | None) -> None:
    """Run the queue of tasks and the turn's steps until somebody must decide."""
    while state.phase != "game_over":
        if state.task is None and state.phase not in ("draw", "main", "spend", "star_order"):
            if state.queue:
                state.task = state.queue.pop(0)
                if state.task["act"] == "chain_end":
                    _chain_end(state, events)
                else:
                    perform.start(state, events)
                continue
            _enter_spend(state)
        codes = legal(state)
        if codes == [DONE] or (state.phase == "spend" and codes == [END_TURN]):
            apply_one = perform.apply if state.phase in perform.TASK_PHASES else None
            if apply_one is not None:
                apply_one(state, DONE, events)
            elif state.phase == "draw":
                state.phase = "main"
            else:
                _end_turn(state, events)
            continue
        return


def _enter_spend(state: State) -> None:
    state.phase = "spend"
    state.current = state.active


def _draw(state: State, code: int, events: Events | None) -> None:
    """Draw at random from the chosen opponent's hand (Danish 4.1); the card is known to
    the two players only."""
    p, q = state.active, arg_a(code)
    pick = state.below(state.hand_size(q))
    card = 0
    while pick >= state.hands[q][card]:
        pick -= state.hands[q][card]
        card += 1
    state.hands[q][card] -= 1
    state.hands[p][card] += 1
    cards.drawn_between(state.know, p, q, card)
    emit(events, "drew", player=p, victim=q)
    emit(events, "drew_card", visible_to=[p, q], player=p, victim=q, card=CARD_NAMES[card])
    state.phase = "main"


def _draw_done(state: State, code: int, events: Events | None) -> None:
    state.phase = "main"


def _take_top(state: State, events: Events | None, p: int) -> None:
    """Draw the face-up deck's top card (everyone sees which)."""
    card = state.deck.pop(0)
    state.hands[p][card] += 1
    cards.entered_hand(state.know, p, card)
    emit(events, "took_top", player=p, card=CARD_NAMES[card])


def _task(act: str, p: int, pair: bool, mode: str = "normal") -> dict[str, Any]:
    task: dict[str, Any] = {"act": act, "p": p, "pair": pair, "mode": mode}
    return task


def _act_task(state: State, card: int, p: int, pair: bool, mode: str) -> dict[str, Any]:
    if card == WAR:
        if not pair:
            return _task("war1", p, False, mode)
        task = _task("war", p, True, mode)
        task["order"] = [(p + k) % state.n for k in range(state.n)]
        return task
    return _task(ACT_OF_CARD[card], p, pair, mode)


def _show(state: State, code: int, events: Events | None) -> None:
    """Show a card: its single action, take it back, draw the deck's top card (Danish 4.2);
    a Grand Plan is laid out instead; once only the Star card is left, the Star rule."""
    p, card = state.active, arg_a(code)
    state.phase = "acting"
    if state.deck[0] == STAR:
        _star_chain(state, events, p, card)
        return
    if card == PLAN:
        state.hands[p][PLAN] -= 1
        state.plan_laid[p] = 2
        state.plan_cards[p] += 1
        cards.left_hand(state.know, p, PLAN)
        emit(events, "plan_laid", player=p)
    else:
        cards.seen_in_hand(state.know, p, card)
        emit(events, "showed", player=p, card=CARD_NAMES[card])
        state.queue.append(_act_task(state, card, p, False, "normal"))
    _take_top(state, events, p)


def _pair(state: State, code: int, events: Events | None) -> None:
    """Play a pair: the pair action, its points and tile bonus points; both discarded."""
    p, card = state.active, arg_a(code)
    state.hands[p][card] -= 2
    state.discard[card] += 2
    cards.left_hand(state.know, p, card, 2)
    emit(events, "paired", player=p, card=CARD_NAMES[card])
    state.phase = "acting"
    state.queue.append(_act_task(state, card, p, True, "normal"))


def _ai_pair(state: State, code: int, events: Events | None) -> None:
    """The AI with any card: that card's pair action, bonus points only, both kept."""
    p, card = state.active, arg_a(code)
    cards.seen_in_hand(state.know, p, AI)
    cards.seen_in_hand(state.know, p, card)
    emit(events, "ai_paired", player=p, card=CARD_NAMES[card])
    state.phase = "acting"
    state.queue.append(_act_task(state, card, p, True, "ai"))


def _show_ai(state: State, code: int, events: Events | None) -> None:
    """The AI shown alone (only as the last card): the age ends, 3 points lost (Danish 9)."""
    p = state.active
    emit(events, "showed", player=p, card="ai")
    add_score(state, events, p, rules().scores["ai_alone"], "ai_alone")
    _end_age(state, events, p)


def _take_top_action(state: State, code: int, events: Events | None) -> None:
    state.phase = "acting"
    _take_top(state, events, state.active)


def _pass(state: State, code: int, events: Events | None) -> None:
    emit(events, "passed", player=state.active)
    state.phase = "acting"


# -- the Star chain ------------------------------------------------------------------------
def _lay(state: State, events: Events | None, p: int, card: int) -> None:
    state.hands[p][card] -= 1
    state.chain.append([p, card])
    cards.left_hand(state.know, p, card)
    emit(events, "laid", player=p, card=CARD_NAMES[card])


def _star_chain(state: State, events: Events | None, p: int, card: int) -> None:
    """The Star rule (Danish 6, Stjernekortet): lay the card; the next player holding a
    copy lays theirs; then (after the Grand Plan's choice and the order) all act."""
    _lay(state, events, p, card)
    for k in range(1, state.n):
        q = (p + k) % state.n
        if state.hands[q][card]:
            _lay(state, events, q, card)
            break
    state.task = {"act": "chain", "p": p, "card": card, "choice": -1, "mode": "normal",
                  "pair": True}
    state.phase = "plan_choice" if card == PLAN else "star_order"
    state.current = p


def _star_order(state: State, code: int, events: Events | None) -> None:
    """The active player acts first or last; everybody performs the pair action, only the
    players who laid a card score (a War: everybody scores)."""
    task = state.task
    assert task is not None
    p, card = task["p"], task["card"]
    first = kind_of(code) == "act_first"
    order = [(p + k) % state.n for k in range(state.n)] if first else \
        [(p + k) % state.n for k in range(1, state.n + 1)]
    emit(events, "star_order", player=p, first=first)
    layers = {q for q, _ in state.chain}
    state.task = None
    if card == WAR:
        war = _task("war", p, True, "all")
        war["order"] = order
        state.queue.append(war)
    else:
        act = PLAN_CHOICES[task["choice"]] if card == PLAN else ACT_OF_CARD[card]
        scored = "plan" if card == PLAN else "normal"
        for q in order:
            state.queue.append(_task(act, q, True, scored if q in layers else "none"))
    state.queue.append({"act": "chain_end", "p": p, "pair": True, "mode": "none"})
    state.phase = "acting"


def _chain_end(state: State, events: Events | None) -> None:
    for _, card in state.chain:
        state.discard[card] += 1
    state.chain = []
    state.task = None


# -- spending resources ----------------------------------------------------------------------
def _buy_road(state: State, code: int, events: Events | None) -> None:
    p = state.active
    state.res[p][PLASTIC] -= 1
    perform.place_road(state, events, p, arg_a(code), arg_b(code))


def _buy_man(state: State, code: int, events: Events | None) -> None:
    p, c = state.active, arg_a(code)
    state.res[p][FOOD] -= 1
    state.add_men(p, c, 1)
    emit(events, "men_placed", player=p, cell=xy(c), count=1)


def _buy_move(state: State, code: int, events: Events | None) -> None:
    p, c, d = state.active, arg_a(code), arg_b(code)
    state.res[p][FOOD] -= 1
    state.remove_man(p, c)
    state.add_men(p, d, 1)
    emit(events, "moved", player=p, cell=xy(c), to=xy(d))


def _end_turn_action(state: State, code: int, events: Events | None) -> None:
    _end_turn(state, events)


# -- turns and ages ------------------------------------------------------------------------------
def _end_turn(state: State, events: Events | None) -> None:
    """A laid Grand Plan comes back after its player's next turn; the next player begins."""
    p = state.active
    if state.plan_laid[p]:
        state.plan_laid[p] -= 1
        if not state.plan_laid[p]:
            for _ in range(state.plan_cards[p]):
                state.hands[p][PLAN] += 1
                cards.entered_hand(state.know, p, PLAN)
            emit(events, "plan_returned", player=p, count=state.plan_cards[p])
            state.plan_cards[p] = 0
    _begin_turn(state, (p + 1) % state.n, events)


def _begin_turn(state: State, p: int, events: Events | None) -> None:
    if state.turn >= rules().age_turn_limit:
        emit(events, "turn_limit", age=state.age)
        _end_age(state, events, -1)
        return
    state.turn += 1
    state.active = p
    state.current = p
    state.phase = "draw"
    emit(events, "turn", player=p, age=state.age, turn=state.turn)


def _end_age(state: State, events: Events | None, ender: int) -> None:
    """End-of-age resource scoring; after age 2 the end-game scoring and the winner
    (Danish 9); else the second age is dealt (README, "SP4X: how the prototype rules are read")."""
    for p in range(state.n):
        add_score(state, events, p, scoring.resource_points(state, p), "resources")
    emit(events, "age_ended", age=state.age, player=ender)
    state.age_ender = ender
    state.task = None
    state.queue = []
    if state.age >= 2:
        for p in range(state.n):
            add_score(state, events, p, scoring.end_game_points(state, p), "end_game")
        state.winners = scoring.winners(state)
        state.phase = "game_over"
        state.current = -1
        emit(events, "game_over", winners=list(state.winners), scores=list(state.score))
        return
    _new_age(state, events, ender)


def _new_age(state: State, events: Events | None, ender: int) -> None:
    state.age = 2
    state.turn = 0
    state.hands = [[0] * cards.N_KINDS for _ in range(state.n)]
    state.discard = [0] * cards.N_KINDS
    state.plan_laid = [0] * state.n
    state.plan_cards = [0] * state.n
    state.chain = []
    state.know = cards.empty_knowledge(state.n)
    if rules().options["reset_resources_between_ages"]:
        state.res = [[0, 0, 0] for _ in range(state.n)]
    _deal(state)
    first = _ai_holder(state)
    if first < 0:
        first = (ender if ender >= 0 else state.active) + 1
    _begin_turn(state, first % state.n, events)


_FLOW_APPLY = {
    "draw": _draw, "show": _show, "pair": _pair, "ai_pair": _ai_pair, "show_ai": _show_ai,
    "take_top": _take_top_action, "pass": _pass, "act_first": _star_order,
    "act_last": _star_order, "buy_road": _buy_road, "buy_man": _buy_man,
    "buy_move": _buy_move, "end_turn": _end_turn_action, "done": _draw_done,
}


# -- why a code is refused -------------------------------------------------------------------------
def explain(state: State, code: int) -> str:
    """A sentence saying why ``code`` (not legal now) is refused."""
    text = describe(code)
    if state.phase == "game_over":
        return f"{text}: the game is over"
    kind = kind_of(code)
    if kind not in KINDS:
        return f"{text} is not an SP4X action"
    allowed = sorted({kind_of(c) for c in legal(state)})
    who = f"player {state.current} to decide, phase {state.phase}"
    if kind not in allowed and not (kind == "draw" and state.phase == "draw"):
        return f"{text} is not a choice now ({who}; choices: {', '.join(allowed)})"
    return f"{text} is not legal now: {_detail(state, kind, code)} ({who})"


def _detail(state: State, kind: str, code: int) -> str:
    """The particular reason for an action of an allowed kind."""
    p, a = state.current, arg_a(code)
    if kind == "draw":
        if a >= state.n or a == p:
            return "draw from another player"
        if state.plan_laid[a]:
            return f"player {a}'s Grand Plan lies out: nobody may draw from them"
        return f"player {a} holds no cards"
    if kind in ("show", "pair", "ai_pair"):
        if a == AI:
            return "the AI is shown alone only as your last card, or paired with another"
        need = 2 if kind == "pair" else 1
        if a < cards.N_KINDS and state.hands[p][a] < need:
            return f"you hold {state.hands[p][a]} {CARD_NAMES[a]} card(s), {need} needed"
    if kind in ("move", "buy_move", "explore", "teleport", "road", "buy_road", "base",
                "harvest", "place_men", "buy_man", "use_power", "nominate", "lose_man",
                "lose_base", "lose_road"):
        return _board_detail(state, kind, code)
    if kind in ("steal",):
        return "steal a resource the player has, from a player sharing a tile with your man"
    if kind == "fill":
        return "fill a track that holds at least 1 and is not full"
    return "its parameters do not fit the position"


def _board_detail(state: State, kind: str, code: int) -> str:
    p, c = state.current, arg_a(code)
    if kind != "teleport" and c not in state.tiles:
        return f"there is no tile at {tuple(board.coords(c)) if board.on_grid(c) else c}"
    if kind in ("move", "buy_move", "explore"):
        if not state.men[p].get(c):
            return "you have no man there (or he has already moved)"
        if kind == "explore":
            return "explore an empty space next to a tile the man reaches, while tiles remain"
        return "the man cannot reach that tile (Mountains and Slime Seas only along your road)"
    if kind in ("road", "buy_road"):
        return "build from a tile with your man to a neighbouring tile without your road"
    if kind == "base":
        return "a base needs your man on the tile, no base of yours there, a base left and " \
               "the plastic a Mountain costs"
    if kind in ("place_men", "buy_man"):
        return "new men go on a tile with your base, while your pool has men"
    if kind == "nominate":
        return "name a tile with your man and a player with a piece there"
    return "that choice does not fit the position"


# -- bookkeeping ---------------------------------------------------------------------------------
def card_total(state: State) -> int:
    """Cards in hands, the deck, the discard pile, laid Grand Plans and the Star chain."""
    laid = sum(state.plan_cards)
    return (sum(state.hand_size(p) for p in range(state.n)) + len(state.deck)
            + sum(state.discard) + laid + len(state.chain))


def check_invariants(state: State) -> None:
    """Raise AssertionError if a conservation law is broken (the tests call this)."""
    data = rules()
    assert card_total(state) == sum(data.card_counts) + 1, "cards are not conserved"
    for p in range(state.n):
        assert all(k >= 0 for k in state.hands[p]), f"player {p} holds a negative count"
        assert perform.pool(state, p, 0) >= 0, f"player {p} has more men than exist"
        assert perform.pool(state, p, 1) >= 0, f"player {p} has more bases than exist"
        assert perform.pool(state, p, 2) >= 0, f"player {p} has more roads than exist"
        assert all(v > 0 for v in state.men[p].values()), "an empty men entry"
        for c in list(state.men[p]) + list(state.bases[p]) + sorted(
                board.road_cells(state.roads[p])):
            assert c in state.tiles, f"player {p} has a piece off the tiles"
        for r in range(3):
            assert 0 <= state.res[p][r] <= perform.capacity(state, p, r), \
                f"player {p}'s resource {r} is off its track"
        for q in range(state.n):
            if q != p:
                for k in range(cards.N_KINDS):
                    assert state.know[p][q][k] <= state.hands[q][k], \
                        f"player {p} 'knows' a {CARD_NAMES[k]} player {q} does not hold"
    assert state.deck and state.deck[-1] == STAR, "the Star card is not at the deck's bottom"
    assert len(state.tiles) + len(state.stack) == sum(k.count for k in data.tiles), \
        "tiles are not conserved"
