"""Self-play: whole games between random players, every invariant checked.

Most seats play uniformly random legal actions (leaning toward the enemy so
that empires meet); every third seat plays the heuristic bot, so that games
also reach fallen homeworlds within a modest round limit.

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
from dataclasses import asdict, dataclass, field
from typing import Any

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
from se4x_core.game import state_from_json, state_to_json
from se4x_core.observation import Observation, observation
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.codes import F_ON_CHAIN
from se4x_core.rules.pipelines import chain_hex
from se4x_core.rules.state import State
from se4x_core.sim.infostate import pack, unpack


class InvariantBroken(AssertionError):
    """The engine broke one of its own invariants (a bug)."""


@dataclass
class GameResult:
    seed: int
    winner: int
    rounds: int
    actions: int


@dataclass
class Summary:
    games: int = 0
    actions: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    round_limit: int = 0
    seconds: float = 0.0
    results: list[GameResult] = field(default_factory=list)


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
        engine.apply_unchecked(state, code, None)
        n += 1
        if check:
            _check_after_action(state, checker, deep, observed, seed, n)
    return GameResult(seed, state.winner, state.round, n)


# Actions of the advanced rules that the random players would rarely take: with the
# options on, self-play takes one of them when legal this often, so that carriers,
# fighters and point defense really are built, boarded and fought with, and warp links
# really are travelled.
_ADVANCED_SHARE = 0.4


def _advanced_pick(state: State, legal: list[int], rnd: random.Random) -> int:
    """An advanced-rules action among ``legal`` (research, buy, board, leave, a step
    along an MS pipeline chain), or -1."""
    wanted = [code for code in legal if _is_advanced(code) or _along_chain(state, code)]
    if not wanted or rnd.random() >= _ADVANCED_SHARE:
        return -1
    return rnd.choice(wanted)


def _along_chain(state: State, code: int) -> bool:
    """A step onto a chain hex by a unit that may take the chain's extra hex (MS
    Pipelines), so that self-play really moves along chains and uses the extra hex."""
    if code >> 20 != A_MOVE or not state.options & data.OPT_PIPELINES:
        return False
    unit = (code >> 10) & 1023
    if not state.u_flags[unit] & F_ON_CHAIN:
        return False
    target = state.board.neighbour(state.u_hex[unit], code & 1023)
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
        code = bots[player].step(seen, [Action.from_code(c) for c in legal]).code
        engine.apply_unchecked(state, code, None)
        n += 1
        if check:
            _check_after_action(state, checker, deep, observed, seed, n)
    return GameResult(seed, state.winner, state.round, n)


def run(players: int, games: int, seed: int, max_rounds: int, board: str = "standard",
        check: bool = True, deep: bool = True, advanced: list[str] | None = None) -> Summary:
    config = {"players": players, "board": board, "max_rounds": max_rounds,
              "advanced": advanced or []}
    summary = Summary()
    start = time.perf_counter()
    for index in range(games):
        result = play_game(config, seed + index, check, deep)
        summary.results.append(result)
        summary.games += 1
        summary.actions += result.actions
        if result.winner >= 0:
            key = str(result.winner)
            summary.wins[key] = summary.wins.get(key, 0) + 1
        else:
            summary.round_limit += 1
    summary.seconds = time.perf_counter() - start
    return summary


def main(args: argparse.Namespace) -> int:
    """``se4x selfplay``: print a summary; exit 1 if an invariant broke."""
    try:
        summary = run(args.players, args.games, args.seed, args.max_rounds, args.board,
                      advanced=args.advanced)
    except InvariantBroken as exc:
        print(f"invariant broken: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(asdict(summary)))
        return 0
    print(f"{summary.games} games, {summary.actions} actions, {summary.seconds:.1f} s; "
          f"every invariant held after every action")
    for player, wins in sorted(summary.wins.items()):
        print(f"  player {player} won {wins}")
    print(f"  stopped at the round limit: {summary.round_limit}")
    return 0
