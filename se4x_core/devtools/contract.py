"""Space Empires' own contract checks, added to the one checker of every game.

The game-neutral properties (actions, clones, saves, refusals, events' shape, the end)
are :mod:`se4x_core.gamekit.checker`'s, for every registered game.  What only Space
Empires can check is here, as its record's ``checks`` (:class:`Se4xChecks`), and runs
inside that checker around every action:

* the engine's invariants (:func:`se4x_core.devtools.invariants.problems`);
* information: no player's observation changes when only what that player cannot
  know changes (:func:`se4x_core.devtools.infoset.leaked_fields`), and neither do the
  current player's legal actions;
* events: each has the fields its kind declares and the audience it declares
  (:mod:`se4x_core.events`): public, its own player's only (every private purchase,
  bid, income, boarding, peek), nobody's, or (a split) public exactly when the group is
  revealed; a public event names a unit's type, number and size only as every other
  player's observation shows them; ``Game.events_for`` hands each player exactly the
  events addressed to it;
* the save keeps the Economic Phases' history.

:func:`check_playthrough` plays a Space Empires config with Space Empires' policies
(``uniform``, self-play's ``aggressive`` player, or registry bots) under both.

>>> report = check_playthrough({"players": 2, "max_rounds": 1}, seed=3, policy="random")
>>> report.actions > 10 and report.illegal_probes > 0
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from se4x_core import data
from se4x_core.actions import (
    A_BOARD,
    A_BUY,
    A_DETONATE,
    A_LEAVE_CARRIER,
    A_MOVE,
    A_RESEARCH,
    A_RETREAT,
    A_SCUTTLE,
    Action,
    arg_a,
    arg_b,
    kind_of,
)
from se4x_core.ai.bot import ask
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.ai.registry import make_bot
from se4x_core.devtools.infoset import leaked_fields, perturb_hidden
from se4x_core.devtools.invariants import problems
from se4x_core.events import ALL, KIND_BY_NAME, NOBODY, OPTIONAL, OWNER, VARIES, Event
from se4x_core.game import Game
from se4x_core.gamekit import checker as gamekit_checker
from se4x_core.gamekit.checker import ContractBroken
from se4x_core.gamekit.contract import Events, Facade
from se4x_core.observation import Observation, UnitView
from se4x_core.rules.codes import F_REVEALED, UNITS_PER_PLAYER

UNIFORM = "uniform"  # a policy: any legal action, uniformly (not a registry bot)
# A policy: self-play's random player (toward the enemy, and with advanced rule sets on
# often taking their actions), so that short games already meet, fight and build
# carriers, raiders, mines and pipelines.
AGGRESSIVE = "aggressive"
ALIEN = "alien"  # the solitaire scenario's alien seats


@dataclass(frozen=True)
class Checks:
    """How thoroughly and how often to check (the defaults check everything, always).

    ``deep_every``: the costlier checks (leaks, explain, illegal codes, the
    clone's independence) run every this many actions; the invariants, clone
    equality and the events' audience run after every action.
    ``json_every``: the save round trip every this many actions and at the end.
    ``illegal_probes``: illegal codes tried per deep check.
    ``max_actions``: stop (without failing) after this many actions.
    """

    deep_every: int = 1
    json_every: int = 8
    illegal_probes: int = 4
    max_actions: int = 20_000


@dataclass
class Report:
    """What a checked playthrough did: how much of the game the checks saw."""

    config: dict[str, Any]  # as given (without the seed)
    seed: int
    actions: int = 0  # actions applied
    rounds: int = 0
    winner: int | None = None
    is_over: bool = False
    # What the game went through, counted: event kinds ("battle_started"), action
    # kinds ("action:board"), steps through a warp link ("action:warp"), unit types
    # bought ("bought:CV") and markers explored ("explored:warp_point").
    seen: Counter[str] = field(default_factory=Counter)
    leak_checks: int = 0
    illegal_probes: int = 0
    json_round_trips: int = 0


Policy = Callable[[Facade], int]


def check_playthrough(config: dict[str, Any], seed: int,
                      policy: str | Sequence[str] = UNIFORM,
                      checks: Checks | None = None) -> Report:
    """Play ``config`` with ``seed`` through the facade, checking the contract (every
    game's and Space Empires' own) at every step.

    ``policy`` is a bot spec for every seat (``"uniform"``, ``"aggressive"`` or
    a registry name such as ``"random"``, ``"rule"``, ``"heuristic"``) or one
    per seat; the solitaire scenario's alien seats play the alien bot unless a
    list names theirs.  Bots decide from their observation and the legal
    actions only, as at a real seat.  Raises :class:`ContractBroken` at the
    first broken property.
    """
    checks = checks or Checks()
    probe = Game.new_game(dict(config, seed=seed))
    seats = _policies(probe, policy, seed, random.Random(seed))
    own: list[Se4xChecks] = []

    def make(game: Facade, rnd: random.Random) -> Se4xChecks:
        own.append(Se4xChecks(game, rnd, dict(config), seed))
        return own[0]

    generic = gamekit_checker.check_playthrough(
        "se4x", config, seed, deciders=seats, deep_every=checks.deep_every,
        json_every=checks.json_every, illegal_probes=checks.illegal_probes,
        max_actions=checks.max_actions, own=make)
    report = own[0].report
    report.actions = generic.actions
    report.illegal_probes = generic.illegal_probes
    report.json_round_trips = generic.json_round_trips
    return report


def own_checks(game: Facade, rnd: random.Random) -> Se4xChecks:
    """The record's ``checks``: Space Empires' own, for any playthrough of the checker."""
    return Se4xChecks(game, rnd, dict(game.config), int(game.config["seed"]))


# -- policies --------------------------------------------------------------------------
def _policies(game: Game, policy: str | Sequence[str], seed: int,
              rnd: random.Random) -> list[Policy]:
    """One decision function per seat."""
    players = game.state.n_players
    aliens = game.config.get("aliens") is not None
    if isinstance(policy, str):
        specs = [ALIEN if aliens and seat > 0 else policy for seat in range(players)]
    else:
        specs = list(policy)
        if len(specs) != players:
            raise ValueError(f"{len(specs)} policies for {players} seats")
    return [_policy(spec, 1000 * seed + seat, rnd) for seat, spec in enumerate(specs)]


def _policy(spec: str, seed: int, rnd: random.Random) -> Policy:
    if spec == UNIFORM:
        return lambda game: rnd.choice(game.legal_codes())
    if spec == AGGRESSIVE:
        return lambda game: _aggressive(_se4x(game), rnd)
    bot = make_bot(spec, seed)
    bot.restart()

    def decide(game: Facade) -> int:
        return ask(bot, _se4x(game), game.current_player).code

    return decide


def _se4x(game: Facade) -> Game:
    assert isinstance(game, Game)
    return game


_ADVANCED_SHARE = 0.4  # how often the aggressive policy takes an advanced rule's action


def _aggressive(game: Game, rnd: random.Random) -> int:
    """Self-play's random player, deciding from the observation and the legal codes."""
    legal = game.legal_codes()
    if game.config["advanced"] and rnd.random() < _ADVANCED_SHARE:
        advanced = advanced_actions(legal)
        if advanced:
            return rnd.choice(advanced)
    return choose_aggressive(game.observation(game.current_player), legal, rnd)


def advanced_actions(legal: list[int]) -> list[int]:
    """The codes among ``legal`` that only an advanced rule set offers: boarding and
    leaving a carrier, scuttling, detonating a mine, a step or retreat through a warp
    link, an advanced technology or unit bought (judged from the codes alone)."""
    return [code for code in legal if _is_advanced(code)]


def _is_advanced(code: int) -> bool:
    """An action only an advanced rule set offers (judged from the code alone)."""
    kind, a = kind_of(code), arg_a(code)
    if kind in (A_BOARD, A_LEAVE_CARRIER, A_SCUTTLE, A_DETONATE):
        return True
    if kind in (A_MOVE, A_RETREAT):
        return _through_warp(code)
    if kind == A_RESEARCH:
        return a >= data.N_BASIC_TECHS
    return kind == A_BUY and a >= data.N_BASIC_UNIT_TYPES


def _through_warp(code: int) -> bool:
    """A step or a retreat through a warp link (its direction names the far end)."""
    kind = kind_of(code)
    if kind == A_MOVE:
        return arg_b(code) >= data.WARP_DIR
    return kind == A_RETREAT and arg_a(code) >= data.WARP_DIR


# -- Space Empires' own checks ----------------------------------------------------------
class Se4xChecks:
    """The checks only Space Empires has (module docstring), around every action."""

    def __init__(self, game: Facade, rnd: random.Random, config: dict[str, Any],
                 seed: int) -> None:
        assert isinstance(game, Game)
        self.game = game
        self.rnd = rnd
        self.report = Report(config, seed)
        # every player's observation after the last action, if the leak check built them
        self.observed: dict[int, Observation] | None = None
        self.before_action: dict[int, Observation] | None = None

    def at_start(self, game: Facade) -> None:
        self.invariants()
        self.observed = self.no_leaks()

    def before(self, game: Facade, code: int, deep: bool) -> None:
        self.before_action = self.observed if deep else None

    def after(self, game: Facade, code: int, events: Events, deep: bool) -> None:
        happened: list[Event] = list(events)  # type: ignore[arg-type]
        self.count(code, happened)
        self.invariants()
        self.observed = self.no_leaks() if deep else None
        self.events(happened, self.before_action, self.observed)

    def at_save(self, game: Facade, loaded: Facade) -> None:
        assert isinstance(loaded, Game)
        if loaded.history != self.game.history:
            raise AssertionError("save: the loaded game has another history")

    def at_end(self, game: Facade) -> None:
        self.report.rounds = self.game.state.round
        self.report.is_over = self.game.is_over
        self.report.winner = self.game.winner

    def invariants(self) -> None:
        """The engine's own invariants (every field within the charts, derived data)."""
        broken = problems(self.game.state)
        if broken:
            raise AssertionError(f"invariant broken: {broken[0]}")

    def no_leaks(self) -> dict[int, Observation]:
        """Every player's observation is unchanged by changing what they cannot know;
        returns the observations (the leak check builds them anyway)."""
        seen: dict[int, Observation] = {}
        state = self.game.state
        for viewer in range(state.n_players):
            leaks = leaked_fields(state, viewer, self.rnd, seen)
            if leaks:
                raise AssertionError(f"leak check: player {viewer}'s observation changes "
                                     f"with what they cannot know: {leaks}")
        self.legal_actions_hide_nothing()
        self.report.leak_checks += 1
        return seen

    def legal_actions_hide_nothing(self) -> None:
        """The current player's legal actions do not change with what they cannot know
        (bots are handed them beside the observation)."""
        game = self.game
        player = game.current_player
        if player < 0:
            return
        other = Game(perturb_hidden(game.state, player, self.rnd), game.config)
        if other.legal_codes() != game.legal_codes():
            raise AssertionError(f"leak check: player {player}'s legal actions change with "
                                 "what they cannot know")

    def count(self, code: int, events: list[Event]) -> None:
        """What the action and its events show of the game (``Report.seen``)."""
        seen = self.report.seen
        seen["action:" + Action.from_code(code).kind] += 1
        if _through_warp(code):
            seen["action:warp"] += 1
        for event in events:
            seen[event["type"]] += 1
            if event["type"] == "bought":
                seen[f"bought:{event['unit_type']}"] += 1
            elif event["type"] == "explored":
                seen[f"explored:{event['marker']}"] += 1

    def events(self, events: list[Event], before: dict[int, Observation] | None,
               after: dict[int, Observation] | None) -> None:
        """Each event's fields and audience as declared; identities as others see them."""
        players = self.game.state.n_players
        for event in events:
            problem = _field_problem(event) or self.audience_problem(event, players)
            if problem:
                raise AssertionError(f"event {event}: {problem}")
            if after is not None:
                problem = _identity_problem(event, before or {}, after)
                if problem:
                    raise AssertionError(f"event {event}: {problem}")
        for p in range(players):
            mine = Game.events_for(events, p)
            wanted = [e for e in events if e["visible_to"] is None or p in e["visible_to"]]
            if mine != wanted:
                raise AssertionError(f"events_for(player {p}) is not the events addressed "
                                     "to them")

    def audience_problem(self, event: Event, players: int) -> str | None:
        """What is wrong with the event's ``visible_to``, or None."""
        kind = KIND_BY_NAME[event["type"]]
        audience = event["visible_to"]
        if audience is not None and (audience != sorted(set(audience)) or
                                     any(not 0 <= p < players for p in audience)):
            return f"visible_to {audience} is not a list of players"
        owner = [event["player"]] if "player" in event else None
        if kind.audience == ALL:
            return None if audience is None else f"a public kind addressed to {audience}"
        if kind.audience == NOBODY:
            return None if audience == [] else f"a record for nobody addressed to {audience}"
        if kind.audience == OWNER:
            if audience != owner:
                return f"a private kind addressed to {audience}, not only to its player"
            return _owner_problem(event, self.game)
        if kind.audience == VARIES:  # a split: public exactly when the group is revealed
            revealed = bool(self.game.state.u_flags[event["unit"]] & F_REVEALED)
            wanted = None if revealed else owner
            if audience != wanted:
                return (f"a split of a {'revealed' if revealed else 'hidden'} group "
                        f"addressed to {audience}")
            return None
        return f"unknown audience {kind.audience!r}"


# -- events ----------------------------------------------------------------------------
_PURCHASES = ("bought", "refitted", "purchase_undone", "bid_made", "researched")


def _field_problem(event: Event) -> str | None:
    """The event's keys are its kind's declared fields (optional ones may be absent)."""
    kind = KIND_BY_NAME.get(event.get("type", ""))
    if kind is None:
        return "unknown kind"
    keys = set(event) - {"type", "visible_to"}
    declared = set(kind.fields)
    if keys - declared:
        return f"undeclared fields {sorted(keys - declared)}"
    if declared - keys - set(OPTIONAL):
        return f"missing fields {sorted(declared - keys - set(OPTIONAL))}"
    return None


def _owner_problem(event: Event, game: Game) -> str | None:
    """A private event concerns its player: a unit it names is that player's."""
    player = event["player"]
    if not 0 <= player < game.state.n_players:
        return f"a private event of player {player}"
    if "unit" in event and event["unit"] // UNITS_PER_PLAYER != player:
        return f"player {player}'s private event names another player's unit"
    return None


_IDENTITY = ("unit_type", "number", "count")


def _identity_problem(event: Event, before: dict[int, Observation],
                      after: dict[int, Observation]) -> str | None:
    """A public event that is not a reveal names a unit only as other players see it
    (in their observation after the event, or before it for a unit gone since)."""
    kind = KIND_BY_NAME[event["type"]]
    if "unit_type" not in kind.fields or kind.reveals or "unit" not in event:
        return None
    unit = event["unit"]
    shown = tuple(event.get(name) for name in _IDENTITY)
    for viewer, seen in after.items():
        audience = event["visible_to"]
        if viewer == unit // UNITS_PER_PLAYER or (audience is not None and viewer not in audience):
            continue
        view = _unit_view(seen, unit) or (_unit_view(before[viewer], unit)
                                          if viewer in before else None)
        if view is None:
            continue
        known = tuple(view.get(name) for name in _IDENTITY)
        if shown != known:
            return f"tells player {viewer} {shown}, whose observation shows {known}"
    return None


def _unit_view(observation: Observation, unit: int) -> UnitView | None:
    for view in observation["units"]:
        if view["unit"] == unit:
            return view
    return None


__all__ = ["AGGRESSIVE", "ALIEN", "Checks", "ContractBroken", "Report", "Se4xChecks",
           "UNIFORM", "advanced_actions", "check_playthrough", "own_checks"]
