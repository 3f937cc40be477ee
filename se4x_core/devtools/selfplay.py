"""Self-play: whole games between random players, every invariant checked.

Most seats play uniformly random legal actions (leaning toward the enemy so
that empires meet); every third seat plays the heuristic bot, so that games
also reach fallen homeworlds within a modest round limit.  With advanced rule
sets on, every seat now and then takes the rule sets' own actions instead
(:func:`_advanced_pick`), and with Doomsday Machines steps toward a machine.

After every action: the engine's invariants (:mod:`se4x_core.devtools.invariants`),
that no observation leaks hidden information (:mod:`se4x_core.devtools.infoset`),
that a clone equals the original, that the compact packing search uses
gives back an equal state, and (every ``JSON_EVERY`` actions and at the
end) that a save/load round trip through JSON does too.  Any failure stops
with the seed and the action number, which reproduce it exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from se4x_core import data
from se4x_core.actions import (
    A_BOARD,
    A_BUY,
    A_LEAVE_CARRIER,
    A_MOVE,
    A_RESEARCH,
    A_RETREAT,
    A_SCUTTLE,
)
from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.devtools.infoset import leaked_fields
from se4x_core.devtools.invariants import problems
from se4x_core.errors import ConfigError
from se4x_core.game import state_from_json, state_to_json
from se4x_core.observation import Observation, observation
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.advanced.pipelines import chain_hex
from se4x_core.rules.advanced.warp import step_target, warp_distance
from se4x_core.rules.codes import F_ON_CHAIN, TR_ARMED, UNIT_TRAITS
from se4x_core.rules.state import State
from se4x_core.sim.infostate import pack, search_state, unpack


class InvariantBroken(AssertionError):
    """The engine broke one of its own invariants (a bug)."""


@dataclass
class MachineCounts:
    """What the Doomsday Machines did: how much of that rule set a run exercised.

    ``battles`` counts battles against a machine in which a player decided
    something (one that ends before any decision, a lone scout shot at once,
    is not seen); ``hits`` counts hits landed on machines, the killing one
    included.
    """

    appeared: int = 0
    battles: int = 0
    hits: int = 0
    destroyed: int = 0
    planets_destroyed: int = 0

    def add(self, other: MachineCounts) -> None:
        self.appeared += other.appeared
        self.battles += other.battles
        self.hits += other.hits
        self.destroyed += other.destroyed
        self.planets_destroyed += other.planets_destroyed


_PLANETS = (data.M_PLANET, data.M_BARREN)


class MachineWatch:
    """Counts what the machines do, action by action, from the state alone.

    Self-play applies actions without an event log (the search's path), so
    the counts come from comparing the state before and after each action:
    a machine's hex record set or cleared, its hits, a new battle against it,
    a planet gone from under it.
    """

    def __init__(self) -> None:
        self.counts = MachineCounts()
        self._hexes: list[int] = [0] * data.MAX_MACHINES
        self._hits: list[int] = [0] * data.MAX_MACHINES
        self._battle = (-1, -1, -1)
        self._markers: list[int] = []

    def before(self, state: State) -> None:
        """Remember what the next action may change (call before applying it)."""
        if not state.options & data.OPT_DOOMSDAY:
            return
        self._hexes = [state.dm_hex[i] for i in range(data.MAX_MACHINES)]
        self._hits = [state.dm_hits[i] for i in range(data.MAX_MACHINES)]
        self._battle = (state.b_hex, state.b_attacker, state.b_defender)
        # from Python a field is a memoryview: one copy, not a loop over the hexes
        self._markers = cast(memoryview, state.h_marker).tolist() if any(self._hexes) else []

    def after(self, state: State) -> None:
        """Count what the action just applied did."""
        if not state.options & data.OPT_DOOMSDAY:
            return
        counts = self.counts
        for i in range(data.MAX_MACHINES):
            was, now = self._hexes[i], state.dm_hex[i]
            counts.appeared += not was and now > 0
            if was and not now:
                counts.destroyed += 1
                counts.hits += data.DOOMSDAY_HULL - self._hits[i]  # the last hit(s)
            elif now:
                counts.hits += max(0, state.dm_hits[i] - self._hits[i])
            if was and now and self._markers[now - 1] in _PLANETS and \
                    state.h_marker[now - 1] not in _PLANETS:
                counts.planets_destroyed += 1
        battle = (state.b_hex, state.b_attacker, state.b_defender)
        if state.b_defender == data.MACHINE_SIDE and battle != self._battle:
            counts.battles += 1


@dataclass
class GameResult:
    """One game: how it ended, and how much of the rules it went through (``battles``:
    battles in which a player decided something; ``fallen``: empires whose homeworld
    fell), so that a run can show its checks met what they are for."""

    seed: int
    winner: int
    rounds: int
    actions: int
    machines: MachineCounts = field(default_factory=MachineCounts)
    battles: int = 0
    fallen: int = 0


@dataclass
class Summary:
    games: int = 0
    actions: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    round_limit: int = 0
    seconds: float = 0.0
    machines: MachineCounts = field(default_factory=MachineCounts)
    battles: int = 0
    fallen: int = 0
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.results.append(result)
        self.games += 1
        self.actions += result.actions
        self.machines.add(result.machines)
        self.battles += result.battles
        self.fallen += result.fallen
        if result.winner >= 0:
            key = str(result.winner)
            self.wins[key] = self.wins.get(key, 0) + 1
        else:
            self.round_limit += 1


JSON_EVERY = 8  # the JSON save round trip every this many actions (and at the end)


def check_state(state: State, rnd: random.Random, deep: bool = True,
                seen: dict[int, Observation] | None = None, json_too: bool = True) -> None:
    """Raise InvariantBroken naming the first broken invariant (``seen``: see leaked_fields).

    Every step checks the compact round trip (``pack``/``unpack``, which the
    search relies on); ``json_too`` adds the JSON one of the save format,
    which costs more than all the rest and which the save tests cover too.
    """
    broken = problems(state)
    if broken:
        raise InvariantBroken(broken[0])
    if not deep:
        return
    for viewer in range(state.n_players):
        leaks = leaked_fields(state, viewer, rnd, seen)
        if leaks:
            raise InvariantBroken(f"observation of player {viewer} leaks {leaks}")
    if state.clone() != state:
        raise InvariantBroken("a clone differs from its original")
    if unpack(pack(state)) != state:
        raise InvariantBroken("a packed round trip changed the state")
    if json_too and state_from_json(json.loads(json.dumps(state_to_json(state)))) != state:
        raise InvariantBroken("a save/load round trip changed the state")


def play_game(config: dict[str, Any], seed: int, check: bool = True,
              deep: bool = True) -> GameResult:
    """One random game to its end (or the round limit), checking as it goes."""
    state = engine.new_state(dict(config, seed=seed))
    rnd = random.Random(seed)
    checker = random.Random(seed ^ 0x5EED)
    n = 0
    observed: dict[int, Observation] = {}  # filled by the leak check of the previous step
    watch = MachineWatch()
    battle, battles = _battle(state), 0
    while state.phase != PH_GAME_OVER:
        legal = engine.legal_actions(state)
        seen = observed.pop(state.current_player, None) or observation(state,
                                                                       state.current_player)
        observed.clear()
        code = _advanced_pick(state, legal, rnd) if state.options else -1
        if code >= 0:
            pass
        elif (seed + state.current_player) % 3 == 0:
            code = choose_heuristic(seen, legal, rnd)
        else:
            code = choose_aggressive(seen, legal, rnd)
        watch.before(state)
        engine.apply_unchecked(state, code, None)
        watch.after(state)
        if state.b_hex >= 0 and _battle(state) != battle:
            battles += 1
        battle = _battle(state)
        n += 1
        if check:
            _check_after_action(state, checker, deep, observed, seed, n)
    return GameResult(seed, state.winner, state.round, n, watch.counts, battles,
                      _fallen(state))


def _battle(state: State) -> tuple[int, int, int]:
    """The battle being fought (hex and sides), to count battles as they start."""
    return state.b_hex, state.b_attacker, state.b_defender


# Actions of the advanced rules that the random players would rarely take: with the
# options on, self-play takes one of them when legal this often, so that carriers,
# fighters and point defense really are built, boarded and fought with, and warp links
# really are travelled.
_ADVANCED_SHARE = 0.4
# With Doomsday Machines on the board, a step toward one by an armed group this often.
# Measured (100 two-player games, 8 rounds, every rule set, seeds 20000-20099): without
# it machines met players' units in 37 battles, with it in 55.  No share makes random
# empires kill one within 8 rounds (a handful of ships, each shot hitting on a 1 only;
# in 1,000 games a share of 1 fought 491 battles, landed 50 hits and killed none): the
# seeded skirmishes (tests/core/test_advanced_skirmishes.py) bring weakened machines to
# fleets for that.
_MACHINE_SHARE = 0.4


def _advanced_pick(state: State, legal: list[int], rnd: random.Random) -> int:
    """An advanced-rules action among ``legal`` (research, buy, board, leave, a step
    along an MS pipeline chain, a step toward a Doomsday Machine), or -1."""
    if state.options & data.OPT_DOOMSDAY and any(state.dm_hex[i] for i in
                                                range(data.MAX_MACHINES)):
        toward = [code for code in legal if _toward_machine(state, code)]
        if toward and rnd.random() < _MACHINE_SHARE:
            return rnd.choice(toward)
    wanted = [code for code in legal if _is_advanced(code) or _along_chain(state, code)]
    if not wanted or rnd.random() >= _ADVANCED_SHARE:
        return -1
    return rnd.choice(wanted)


def _toward_machine(state: State, code: int) -> bool:
    """A step by an armed group that brings it nearer a Doomsday Machine (or into its
    hex), so that self-play fights machines and not only meets them when they come.
    Machines are public: every player sees where they stand."""
    if code >> 20 != A_MOVE:
        return False
    unit = (code >> 10) & 1023
    if not UNIT_TRAITS[state.u_type[unit]] & TR_ARMED:
        return False
    here = state.u_hex[unit]
    there = step_target(state, here, code & 1023)  # a warp step's far end too
    for i in range(data.MAX_MACHINES):
        machine = state.dm_hex[i] - 1
        if machine >= 0 and warp_distance(state, there, machine) < warp_distance(
                state, here, machine):
            return True
    return False


def _along_chain(state: State, code: int) -> bool:
    """A step onto a chain hex by a unit that may take the chain's extra hex (MS
    Pipelines), so that self-play really moves along chains and uses the extra hex."""
    if code >> 20 != A_MOVE or not state.options & data.OPT_PIPELINES:
        return False
    unit = (code >> 10) & 1023
    if not state.u_flags[unit] & F_ON_CHAIN:
        return False
    target = step_target(state, state.u_hex[unit], code & 1023)
    return target >= 0 and chain_hex(state, target, state.current_player)


def _is_advanced(code: int) -> bool:
    kind, a = code >> 20, (code >> 10) & 1023
    if kind in (A_BOARD, A_LEAVE_CARRIER, A_SCUTTLE):
        return True
    if kind == A_MOVE:  # a step through a warp link
        return code & 1023 >= data.WARP_DIR
    if kind == A_RETREAT:
        return a >= data.WARP_DIR
    if kind == A_RESEARCH:
        return a >= data.N_BASIC_TECHS
    return kind == A_BUY and a >= data.N_BASIC_UNIT_TYPES


def _check_after_action(state: State, checker: random.Random, deep: bool,
                        observed: dict[int, Observation], seed: int, n: int) -> None:
    """Every invariant after action ``n``, JSON too every ``JSON_EVERY`` actions and at the end;
    a broken one names the seed and the action."""
    try:
        json_too = n % JSON_EVERY == 0 or state.phase == PH_GAME_OVER
        check_state(state, checker, deep, observed, json_too)
    except InvariantBroken as exc:
        raise InvariantBroken(f"seed {seed}, action {n}: {exc}") from None


def _fallen(state: State) -> int:
    """The players whose homeworld fell (the count a game's result reports)."""
    return sum(not state.alive[p] for p in range(state.n_players))


def play_alien_game(seed: int, difficulty: str = "normal", aliens: int | None = None,
                    human: str = "rule", max_rounds: int = 40, check: bool = True,
                    deep: bool = True) -> GameResult:
    """One solitaire-scenario game: ``human`` ("rule" or "random") at seat 0, the
    alien bot at the alien seats; every invariant and the leak check as in
    :func:`play_game`."""
    from se4x_core.actions import Action
    from se4x_core.ai.registry import make_bot

    spec: dict[str, Any] = {"difficulty": difficulty}
    if aliens is not None:
        spec["players"] = aliens
    state = engine.new_state({"aliens": spec, "seed": seed, "max_rounds": max_rounds})
    bots = [make_bot(human if p == 0 else "alien", 1000 * seed + p)
            for p in range(state.n_players)]
    checker = random.Random(seed ^ 0x5EED)
    n = 0
    observed: dict[int, Observation] = {}
    if check:
        check_state(state, checker, deep, observed, True)
    while state.phase != PH_GAME_OVER:
        player = state.current_player
        legal = engine.legal_actions(state)
        seen = observed.pop(player, None) or observation(state, player)
        observed.clear()
        if bots[player].needs_information_set:
            bots[player].inform(search_state(state, player))
        code = bots[player].step(seen, [Action.from_code(c) for c in legal]).code
        engine.apply_unchecked(state, code, None)
        n += 1
        if check:
            _check_after_action(state, checker, deep, observed, seed, n)
    return GameResult(seed, state.winner, state.round, n, fallen=_fallen(state))


def run(players: int, games: int, seed: int, max_rounds: int, board: str = "standard",
        check: bool = True, deep: bool = True, advanced: list[str] | None = None,
        teams: list[list[int]] | None = None) -> Summary:
    config: dict[str, Any] = {"players": players, "board": board, "max_rounds": max_rounds,
                              "advanced": advanced or [], "teams": teams}
    summary = Summary()
    start = time.perf_counter()
    for index in range(games):
        summary.add(play_game(config, seed + index, check, deep))
    summary.seconds = time.perf_counter() - start
    return summary


BOARDS = ("small", "standard", "large")


def mixed_config(seed: int, max_rounds: int = 6,
                 advanced: list[str] | None = None) -> dict[str, Any]:
    """The soak's game for ``seed``: 2, 3 and 4 players in turn, and each 2-player board
    in turn (seeds 0-8 play every combination)."""
    return {"players": 2 + seed % 3, "board": BOARDS[(seed // 3) % 3],
            "max_rounds": max_rounds, "advanced": advanced or []}


def _play_mixed(job: tuple[int, int, list[str]]) -> GameResult:
    seed, max_rounds, advanced = job
    return play_game(mixed_config(seed, max_rounds, advanced), seed)


def run_mixed(games: int, seed: int = 0, max_rounds: int = 6, workers: int = 1,
              advanced: list[str] | None = None) -> Summary:
    """Seeds ``seed`` .. ``seed + games - 1`` of :func:`mixed_config`, every invariant
    checked after every action, on ``workers`` processes (results in seed order).
    Raises InvariantBroken naming the seed and the action of the first failure."""
    jobs = [(seed + index, max_rounds, advanced or []) for index in range(games)]
    summary = Summary()
    start = time.perf_counter()
    if workers <= 1:
        results = [_play_mixed(job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_play_mixed, jobs, chunksize=4))
    for result in results:
        summary.add(result)
    summary.seconds = time.perf_counter() - start
    return summary


def main(args: argparse.Namespace) -> int:
    """``se4x selfplay`` of Space Empires (its record's ``selfplay``): print a summary;
    exit 1 if an invariant broke."""
    try:
        summary = run(args.players or 2, args.games, args.seed, args.max_rounds or 60,
                      args.board or "standard", advanced=args.advanced,
                      teams=getattr(args, "teams", None))
    except InvariantBroken as exc:
        print(f"invariant broken: {exc}", file=sys.stderr)
        return 1
    except ConfigError as exc:
        print(f"se4x selfplay: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(asdict(summary)))
        return 0
    print(f"{summary.games} games, {summary.actions} actions, {summary.seconds:.1f} s; "
          f"every invariant held after every action")
    for player, wins in sorted(summary.wins.items()):
        print(f"  player {player} won {wins}")
    print(f"  stopped at the round limit: {summary.round_limit}")
    print(f"  battles: {summary.battles}, homeworlds fallen: {summary.fallen}")
    if "doomsday" in (args.advanced or []):
        m = summary.machines
        print(f"  Doomsday Machines: {m.appeared} appeared, {m.battles} battles, {m.hits} hits, "
              f"{m.destroyed} destroyed, {m.planets_destroyed} planets destroyed")
    return 0
