"""Carrying out one card's action (single or pair) as a sequence of atomic decisions.

A *task* (``state.task``) is one player performing one action: Move &
Explore, Build, Exploit (with the Alien CIV powers), Men, Steal, War, or a
Grand Plan pair's choice.  :func:`start` opens it, :func:`legal` lists the
performer's choices in the current ``phase``, :func:`apply` carries one out,
and :func:`finish` scores it (by the task's ``mode``: ``normal`` card
scoring, ``ai`` bonus only, ``plan`` the Grand Plan's 2 + bonus, ``none``
for a Star chain player who laid no card, ``all`` for a Star chain War) and
clears the task.  The turn flow in :mod:`rules` runs the queue of tasks.

Rule text: Danish section 6 (per card), 7 (resources), 8 (tiles); English
summary A.5, A.6.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from se4x_core.games.sp4x import board, scoring
from se4x_core.games.sp4x.actions import arg_a as _a
from se4x_core.games.sp4x.actions import arg_b as _b
from se4x_core.games.sp4x.actions import encode, kind_of
from se4x_core.games.sp4x.data import PLAN_CHOICES, Rules, load
from se4x_core.games.sp4x.state import State, Task

Events = list[dict[str, Any]]
PLASTIC, FOOD, METAL = range(3)
DONE = encode("done")


def rules() -> Rules:
    return load()


def emit(events: Events | None, kind: str, visible_to: list[int] | None = None,
         **fields: object) -> None:
    """Record an event (if anybody listens): ``{"type", "visible_to", fields...}``."""
    if events is not None:
        events.append({"type": kind, "visible_to": visible_to, **fields})


def add_score(state: State, events: Events | None, p: int, points: int, reason: str) -> None:
    state.score[p] += points
    emit(events, "scored", player=p, points=points, reason=reason, total=state.score[p])


def xy(c: int) -> list[int]:
    q, r = board.coords(c)
    return [q, r]


# -- pools and small queries -----------------------------------------------------------
def pool(state: State, p: int, piece: int) -> int:
    """Pieces of ``p``'s colour not on the board (0 men, 1 bases, 2 roads)."""
    on_board = (state.men_on_board(p), len(state.bases[p]), len(state.roads[p]))[piece]
    return rules().pieces[piece] - on_board


def capacity(state: State, p: int, resource: int) -> int:
    return rules().factions[state.factions[p]].capacity(resource)


def gain(state: State, events: Events | None, p: int, resource: int, amount: int,
         why: str) -> int:
    """Add resources up to the track's capacity (the excess is lost); returns what was kept."""
    room = capacity(state, p, resource) - state.res[p][resource]
    kept = max(0, min(amount, room))
    state.res[p][resource] += kept
    if amount:
        emit(events, "gained", player=p, resource=resource, amount=amount, kept=kept, why=why)
    return kept


def barrier(state: State, c: int) -> bool:
    return rules().tiles[state.tiles[c]].barrier


def destinations(state: State, p: int, c: int) -> set[int]:
    """Where a man of ``p`` at ``c`` may go with one move: along ``p``'s roads for free,
    one step to a neighbouring tile (a Mountain or Slime Sea only along ``p``'s road),
    then along roads again (Danish 6, Flyt & Udforsk; 8, Bjerge og slimhav)."""
    roads = state.roads[p]
    start = board.road_closure(c, roads)
    out = set(start)
    for t in start:
        for n in board.NEIGHBOURS[t]:
            if n >= 0 and n in state.tiles and n not in out and not barrier(state, n):
                out |= board.road_closure(n, roads)
    out.discard(c)
    return out


def explore_targets(state: State, p: int, c: int) -> set[int]:
    """Empty spaces next to a tile the man at ``c`` reaches along ``p``'s roads."""
    out = set()
    for t in board.road_closure(c, state.roads[p]):
        for n in board.NEIGHBOURS[t]:
            if n >= 0 and n not in state.tiles:
                out.add(n)
    return out


def road_options(state: State, p: int) -> list[tuple[int, int]]:
    """(cell, direction) of every road ``p`` may build: from a tile with a man of ``p``
    to a neighbouring tile, where ``p`` has no road yet, while roads remain."""
    if pool(state, p, 2) <= 0:
        return []
    out = []
    for c in state.men[p]:
        for d, n in enumerate(board.NEIGHBOURS[c]):
            if n >= 0 and n in state.tiles and board.edge(c, n) not in state.roads[p]:
                out.append((c, d))
    return out


def base_options(state: State, p: int) -> list[int]:
    """Tiles where ``p`` may place a base: a man of ``p`` there, no base of ``p`` yet,
    a base left, and the plastic a Mountain costs."""
    if pool(state, p, 1) <= 0:
        return []
    tiles = rules().tiles
    return [c for c in state.men[p] if c not in state.bases[p]
            and state.res[p][PLASTIC] >= tiles[state.tiles[c]].base_plastic]


def place_base(state: State, events: Events | None, p: int, c: int) -> None:
    cost = rules().tiles[state.tiles[c]].base_plastic
    state.res[p][PLASTIC] -= cost
    state.bases[p].add(c)
    emit(events, "base_built", player=p, cell=xy(c), paid=cost)


def place_road(state: State, events: Events | None, p: int, c: int, d: int) -> None:
    n = board.NEIGHBOURS[c][d]
    state.roads[p].add(board.edge(c, n))
    emit(events, "road_built", player=p, cell=xy(c), to=xy(n))


def pieces_on(state: State, q: int, c: int) -> bool:
    """Whether ``q`` has a piece on tile ``c`` (a road counts on both its tiles)."""
    if state.men[q].get(c) or c in state.bases[q]:
        return True
    return rules().options["roads_count_on_both_tiles"] and any(
        n >= 0 and board.edge(c, n) in state.roads[q] for n in board.NEIGHBOURS[c])


def nominations(state: State, p: int) -> list[tuple[int, int]]:
    """(tile, player) pairs ``p`` may name in a War: ``p`` has a man there and the
    other player a piece."""
    return [(c, q) for c in sorted(state.men[p]) for q in range(state.n)
            if q != p and pieces_on(state, q, c)]


def steal_victims(state: State, p: int) -> set[int]:
    """Players with a man or base on a tile where ``p`` has a man (Stjæl)."""
    out = set()
    for c in state.men[p]:
        for q in range(state.n):
            if q != p and (state.men[q].get(c) or c in state.bases[q]):
                out.add(q)
    return out


def alien_tiles(state: State, p: int) -> list[int]:
    """Alien CIV tiles where ``p`` has a man or base, in the order they were placed."""
    tiles = rules().tiles
    occupied = scoring.occupied(state, p)
    return [c for c in state.tile_order
            if c in occupied and tiles[state.tiles[c]].power is not None]


def power_of(state: State, c: int) -> str:
    return rules().tiles[state.tiles[c]].power or ""


# -- opening a task -------------------------------------------------------------------
PHASE_OF = {"move": "move", "build": "build", "exploit": "exploit", "men": "men",
            "steal": "steal", "war": "war", "war1": "war", "plan": "plan_choice"}


def start(state: State, events: Events | None) -> None:
    """Open ``state.task``: set the phase and who decides, or finish it at once."""
    task = state.task
    assert task is not None
    act = task["act"]
    p = task["p"]
    state.current = p
    state.phase = PHASE_OF[act]
    if act == "move":
        task.setdefault("left", 99 if task["pair"] else 2)
        task.setdefault("used", [])
    elif act == "men" and task["pair"]:
        _start_men_pair(state, events, task)
    elif act == "war":
        task.setdefault("at", 0)
        _next_nominator(state, events, task, first=True)


def _start_men_pair(state: State, events: Events | None, task: Task) -> None:
    """Two men on every base tile; with too few men left, the player places them."""
    p = task["p"]
    bases = sorted(state.bases[p])
    task.setdefault("placed", [])
    if pool(state, p, 0) >= 2 * len(bases):
        for c in bases:
            state.add_men(p, c, 2)
            emit(events, "men_placed", player=p, cell=xy(c), count=2)
        finish(state, events)


# -- the choices -----------------------------------------------------------------------
def legal(state: State) -> list[int]:
    """The performer's choices in the current phase."""
    return _LEGAL[state.phase](state, state.task)  # type: ignore[arg-type]


def _legal_move(state: State, task: Task) -> list[int]:
    p = task["p"]
    out = [DONE]
    if task["left"] <= 0:
        return out
    used = task["used"]
    for c, count in state.men[p].items():
        if count - used.count(c) <= 0:
            continue
        out += [encode("move", c, d) for d in destinations(state, p, c)]
        if state.stack:
            out += [encode("explore", c, d) for d in explore_targets(state, p, c)]
    return out


def _legal_build(state: State, task: Task) -> list[int]:
    p = task["p"]
    out = [DONE]
    if task.get("roads", 0) < (3 if task["pair"] else 1):
        out += [encode("road", c, d) for c, d in road_options(state, p)]
    if task["pair"] and task.get("roads", 0) == 0:
        out += [encode("base", c) for c in base_options(state, p)]
    return out


def _legal_exploit(state: State, task: Task) -> list[int]:
    p = task["p"]
    out = [DONE]
    powers = alien_tiles(state, p)
    if task["pair"]:
        out += [encode("harvest_type", r) for r in range(3)]
        if powers:
            out.append(encode("use_powers"))
        return out
    tiles = rules().tiles
    out += [encode("harvest", c) for c in state.men[p] if any(tiles[state.tiles[c]].yields)]
    out += [encode("use_power", c) for c in powers]
    return out


def _legal_powers(state: State, task: Task) -> list[int]:
    return [DONE] + [encode("use_power", c) for c in task["powers"]]


def _legal_fill(state: State, task: Task) -> list[int]:
    p = task["p"]
    return [DONE] + [encode("fill", r) for r in range(3)
                     if 0 < state.res[p][r] < capacity(state, p, r)]


def _legal_cluster(state: State, task: Task) -> list[int]:
    return [DONE] + [encode("base", c) for c in base_options(state, task["p"])]


def _legal_teleport(state: State, task: Task) -> list[int]:
    p, here = task["p"], task["power"]
    if not state.men[p].get(here):
        return [DONE]
    return [DONE] + [encode("teleport", c) for c in state.tiles if c != here]


def _legal_men(state: State, task: Task) -> list[int]:
    p = task["p"]
    if pool(state, p, 0) <= 0:
        return [DONE]
    if not task["pair"]:
        return [DONE] + [encode("place_men", c) for c in state.bases[p]]
    placed = task["placed"]
    options = [encode("place_men", c) for c in state.bases[p] if placed.count(c) < 2]
    return options or [DONE]


def _legal_steal(state: State, task: Task) -> list[int]:
    p = task["p"]
    out = [DONE]
    if task.get("taken", 0) >= (3 if task["pair"] else 1):
        return out
    victims = steal_victims(state, p)
    if task.get("victim", -1) >= 0:
        victims &= {task["victim"]}
    for q in sorted(victims):
        out += [encode("steal", q, r) for r in range(3) if state.res[q][r] > 0]
    return out


def _legal_war(state: State, task: Task) -> list[int]:
    options = [encode("nominate", c, q) for c, q in nominations(state, state.current)]
    return options if task["act"] == "war" else [DONE] + options


def _legal_loss(state: State, task: Task) -> list[int]:
    q, c = task["victim"], task["cell"]
    out = []
    if state.res[q][METAL] > 0:
        out.append(encode("pay_metal"))
    if state.men[q].get(c):
        out.append(encode("lose_man", c))
    if c in state.bases[q]:
        out.append(encode("lose_base", c))
    if rules().options["roads_count_on_both_tiles"]:
        out += [encode("lose_road", c, d) for d, n in enumerate(board.NEIGHBOURS[c])
                if n >= 0 and board.edge(c, n) in state.roads[q]]
    return out


def _legal_plan(state: State, task: Task) -> list[int]:
    return [encode("plan", i) for i in range(len(PLAN_CHOICES))]


_LEGAL: dict[str, Callable[[State, Task], list[int]]] = {
    "move": _legal_move, "build": _legal_build, "exploit": _legal_exploit,
    "powers": _legal_powers, "transmogrify": _legal_fill, "cluster_bots": _legal_cluster,
    "telemorph": _legal_teleport, "men": _legal_men, "steal": _legal_steal,
    "war": _legal_war, "war_loss": _legal_loss, "plan_choice": _legal_plan,
}
TASK_PHASES = frozenset(_LEGAL)


# -- carrying a choice out ---------------------------------------------------------------
def apply(state: State, code: int, events: Events | None) -> None:
    """Carry out one legal choice of the current task."""
    task = state.task
    assert task is not None
    kind = kind_of(code)
    if kind == "done":
        _done(state, events, task)
    else:
        _APPLY[kind](state, events, task, _a(code), _b(code))


def _done(state: State, events: Events | None, task: Task) -> None:
    if state.phase in ("transmogrify", "cluster_bots", "telemorph"):
        _power_done(state, events, task)
    else:
        finish(state, events)


def _move(state: State, events: Events | None, task: Task, c: int, d: int) -> None:
    p = task["p"]
    state.remove_man(p, c)
    state.add_men(p, d, 1)
    task["used"].append(d)
    task["left"] -= 1
    emit(events, "moved", player=p, cell=xy(c), to=xy(d))


def _explore(state: State, events: Events | None, task: Task, c: int, d: int) -> None:
    p = task["p"]
    kind = state.stack.pop(0)
    state.tiles[d] = kind
    state.tile_order.append(d)
    emit(events, "explored", player=p, cell=xy(d), tile=rules().tiles[kind].name)
    if barrier(state, d):
        task["used"].append(c)  # the man stays: a Mountain or Slime Sea is not entered
    else:
        state.remove_man(p, c)
        state.add_men(p, d, 1)
        task["used"].append(d)
        emit(events, "moved", player=p, cell=xy(c), to=xy(d))
    task["left"] -= 1


def _road(state: State, events: Events | None, task: Task, c: int, d: int) -> None:
    place_road(state, events, task["p"], c, d)
    task["roads"] = task.get("roads", 0) + 1
    if not task["pair"]:
        finish(state, events)


def _base(state: State, events: Events | None, task: Task, c: int, _: int) -> None:
    place_base(state, events, task["p"], c)
    if state.phase == "cluster_bots":
        _power_done(state, events, task)
    else:
        finish(state, events)


def _harvest(state: State, events: Events | None, task: Task, c: int, _: int) -> None:
    p = task["p"]
    for r, amount in enumerate(rules().tiles[state.tiles[c]].yields):
        gain(state, events, p, r, amount, "exploit")
    finish(state, events)


def _harvest_type(state: State, events: Events | None, task: Task, r: int, _: int) -> None:
    p = task["p"]
    amount = scoring.harvest_potential(state, p, r)
    gain(state, events, p, r, amount, "exploit")
    task["gain"] = amount  # scored as if the track were endless
    finish(state, events)


def _use_powers(state: State, events: Events | None, task: Task, _a: int, _b: int) -> None:
    task["powers"] = alien_tiles(state, task["p"])
    state.phase = "powers"


def _use_power(state: State, events: Events | None, task: Task, c: int, _: int) -> None:
    """Start one Alien CIV tile's power (Danish 8, Fremmed CIV)."""
    p = task["p"]
    if task["pair"]:
        task["powers"].remove(c)
    task["power"] = c
    power = power_of(state, c)
    emit(events, "power_used", player=p, cell=xy(c), power=power)
    if power == "clone_pool":
        count = min(state.men[p].get(c, 0), pool(state, p, 0))
        state.add_men(p, c, count)
        emit(events, "men_placed", player=p, cell=xy(c), count=count)
        _power_done(state, events, task)
        return
    state.phase = {"transmogrifier": "transmogrify", "cluster_bots": "cluster_bots",
                   "telemorpher": "telemorph"}[power]


def _power_done(state: State, events: Events | None, task: Task) -> None:
    task["power"] = -1
    if task["pair"] and task["powers"]:
        state.phase = "powers"
    else:
        finish(state, events)


def _fill(state: State, events: Events | None, task: Task, r: int, _: int) -> None:
    p = task["p"]
    amount = capacity(state, p, r) - state.res[p][r]
    task["gain"] = task.get("gain", 0) + gain(state, events, p, r, amount, "transmogrifier")
    _power_done(state, events, task)


def _teleport(state: State, events: Events | None, task: Task, d: int, _: int) -> None:
    p, here = task["p"], task["power"]
    state.remove_man(p, here)
    state.add_men(p, d, 1)
    emit(events, "moved", player=p, cell=xy(here), to=xy(d))


def _place_men(state: State, events: Events | None, task: Task, c: int, _: int) -> None:
    p = task["p"]
    if not task["pair"]:
        count = min(2, pool(state, p, 0))
        state.add_men(p, c, count)
        emit(events, "men_placed", player=p, cell=xy(c), count=count)
        finish(state, events)
        return
    state.add_men(p, c, 1)
    task["placed"].append(c)
    emit(events, "men_placed", player=p, cell=xy(c), count=1)


def _steal(state: State, events: Events | None, task: Task, q: int, r: int) -> None:
    p = task["p"]
    state.res[q][r] -= 1
    emit(events, "stolen", player=p, victim=q, resource=r)
    gain(state, events, p, r, 1, "steal")
    task["victim"] = q
    task["taken"] = task.get("taken", 0) + 1
    if not task["pair"]:
        finish(state, events)


def _nominate(state: State, events: Events | None, task: Task, c: int, q: int) -> None:
    task["cell"] = c
    task["victim"] = q
    emit(events, "nominated", player=state.current, cell=xy(c), victim=q)
    state.phase = "war_loss"
    state.current = q


def _lost(state: State, events: Events | None, task: Task) -> None:
    """After a War loss: a single War ends; a great War passes to the next nominator."""
    if task["act"] == "war1":
        finish(state, events)
        return
    task["at"] = (task["at"] + 1) % len(task["order"])
    _next_nominator(state, events, task, first=False)


def _next_nominator(state: State, events: Events | None, task: Task, first: bool) -> None:
    """The next player in turn with a tile to name; the War ends when nobody has one."""
    order = task["order"]
    for step in range(len(order)):
        q = order[(task["at"] + step) % len(order)]
        if nominations(state, q):
            task["at"] = (task["at"] + step) % len(order)
            state.phase = "war"
            state.current = q
            return
    finish(state, events)


def _pay_metal(state: State, events: Events | None, task: Task, _a: int, _b: int) -> None:
    q = task["victim"]
    state.res[q][METAL] -= 1
    emit(events, "paid_metal", player=q, cell=xy(task["cell"]))
    _lost(state, events, task)


def _lose_man(state: State, events: Events | None, task: Task, c: int, _: int) -> None:
    state.remove_man(task["victim"], c)
    emit(events, "piece_lost", player=task["victim"], piece="man", cell=xy(c))
    _lost(state, events, task)


def _lose_base(state: State, events: Events | None, task: Task, c: int, _: int) -> None:
    state.bases[task["victim"]].discard(c)
    emit(events, "piece_lost", player=task["victim"], piece="base", cell=xy(c))
    _lost(state, events, task)


def _lose_road(state: State, events: Events | None, task: Task, c: int, d: int) -> None:
    n = board.NEIGHBOURS[c][d]
    state.roads[task["victim"]].discard(board.edge(c, n))
    emit(events, "piece_lost", player=task["victim"], piece="road", cell=xy(c), to=xy(n))
    _lost(state, events, task)


def _plan(state: State, events: Events | None, task: Task, choice: int, _: int) -> None:
    """A Grand Plan pair: do the chosen action as a pair, scored 2 + bonus."""
    if task["act"] == "chain":  # a Star chain of Grand Plans: the choice is for all
        task["choice"] = choice
        state.phase = "star_order"
        return
    emit(events, "plan_chosen", player=task["p"], choice=PLAN_CHOICES[choice])
    task["act"] = PLAN_CHOICES[choice]
    if task["mode"] == "normal":
        task["mode"] = "plan"
    start(state, events)


_APPLY: dict[str, Callable[[State, Events | None, Task, int, int], None]] = {
    "move": _move, "explore": _explore, "road": _road, "base": _base,
    "harvest": _harvest, "harvest_type": _harvest_type, "use_powers": _use_powers,
    "use_power": _use_power, "fill": _fill, "teleport": _teleport, "place_men": _place_men,
    "steal": _steal, "nominate": _nominate, "pay_metal": _pay_metal, "lose_man": _lose_man,
    "lose_base": _lose_base, "lose_road": _lose_road, "plan": _plan,
}


# -- scoring a finished task -------------------------------------------------------------
def finish(state: State, events: Events | None) -> None:
    """Score the task by its mode and clear it (Danish 4.2 "Spil et par", each card)."""
    task = state.task
    assert task is not None
    state.task = None
    act, p, mode = task["act"], task["p"], task["mode"]
    if act == "war":
        _score_war(state, events, p, mode)
        return
    if not task["pair"] or mode == "none" or act == "war1":
        return
    scores = rules().scores
    if mode == "ai":
        add_score(state, events, p, scores["ai_pair"] + scoring.bonus(state, p), "ai_pair")
    elif mode == "plan":
        add_score(state, events, p, scores["plan"] + scoring.bonus(state, p), "plan")
    elif act == "steal":
        extra = scoring.bonus(state, p) if scores["steal_takes_bonus"] else 0
        add_score(state, events, p, scores["steal"] + extra, "steal")
    else:
        add_score(state, events, p, _card_points(state, task) + scoring.bonus(state, p), act)


def _card_points(state: State, task: Task) -> int:
    act, p = task["act"], task["p"]
    if act == "move":
        return int(rules().scores["move"])
    if act == "build":
        return scoring.build_points(state, p)
    if act == "exploit":
        return int(task.get("gain", 0))
    return scoring.men_points(state, p)


def _score_war(state: State, events: Events | None, p: int, mode: str) -> None:
    """A great War: every player scores 2 per tile with their pieces + bonus (an AI pair's
    player only the bonus)."""
    for q in range(state.n):
        if q == p and mode == "ai":
            add_score(state, events, q, rules().scores["ai_pair"] + scoring.bonus(state, q),
                      "ai_pair")
        else:
            add_score(state, events, q, scoring.war_points(state, q) + scoring.bonus(state, q),
                      "war")
