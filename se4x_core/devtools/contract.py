"""The engine's contract, checked action by action through the ``Game`` facade.

After OpenSpiel's ``basic_tests``: one reusable function,
:func:`check_playthrough`, plays a seeded game with a chosen policy and,
after every action, checks what every user of :class:`~se4x_core.game.Game`
relies on.  Self-play (:mod:`se4x_core.devtools.selfplay`) checks the engine
underneath the facade at full speed; this checker goes through the facade
itself, so it also covers what the facade adds (the action log, income
reports and history, explain, events), and it can be pointed at any config:

* the engine's invariants (:func:`se4x_core.devtools.invariants.problems`);
* clones: a clone equals its original and offers the same actions, the same
  action applied to both keeps them equal (events too), and a clone is
  independent (applying another action to it leaves the original as it was);
* the save: ``Game.from_json(game.to_json())`` equals the game, with the same
  legal actions, action log, history and observations (every ``json_every``
  actions and at the end: loading replays the whole game, so its cost grows
  with the game);
* information: no player's observation changes when only what that player
  cannot know changes (:func:`se4x_core.devtools.infoset.leaked_fields`), and
  neither do the current player's legal actions;
* explain: ``explain`` is None for every legal action, and a sentence for
  codes that are not legal (the previous decision's codes, a sibling
  state's, neighbours of legal codes, malformed codes), whose ``apply``
  raises ``IllegalActionError`` and leaves the game exactly as it was;
* events: each has the fields its kind declares and the audience it
  declares (:mod:`se4x_core.events`): public, its own player's only (every
  private purchase, bid, income, boarding, peek), nobody's, or (a split)
  public exactly when the group is revealed; a public event names a unit's
  type, number and size only as every other player's observation shows them;
  ``Game.events_for`` hands each player exactly the events addressed to it.

A broken property raises :class:`ContractBroken` naming the config, seed,
action number, the action and the first property that failed, which is
enough to replay it (``Game.replay(config, game.action_codes)``).

>>> report = check_playthrough({"players": 2, "max_rounds": 1}, seed=3, policy="random")
>>> report.actions > 10 and report.illegal_probes > 0
True
"""

from __future__ import annotations

import json
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
    PARAM_LIMIT,
    Action,
    arg_a,
    arg_b,
    encode,
    kind_of,
)
from se4x_core.ai.bot import ask
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.ai.registry import make_bot
from se4x_core.devtools.infoset import leaked_fields, perturb_hidden
from se4x_core.devtools.invariants import problems
from se4x_core.errors import IllegalActionError, SaveFormatError
from se4x_core.events import ALL, KIND_BY_NAME, NOBODY, OPTIONAL, OWNER, VARIES, Event
from se4x_core.game import Game
from se4x_core.observation import Observation, UnitView
from se4x_core.rules.codes import F_REVEALED, UNITS_PER_PLAYER

UNIFORM = "uniform"  # a policy: any legal action, uniformly (not a registry bot)
# A policy: self-play's random player (toward the enemy, and with advanced rule sets on
# often taking their actions), so that short games already meet, fight and build
# carriers, raiders, mines and pipelines.
AGGRESSIVE = "aggressive"
ALIEN = "alien"  # the bot the solitaire scenario's alien seats play


class ContractBroken(AssertionError):
    """The facade broke its contract; the message says where and how."""


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


Policy = Callable[[Game], int]


def check_playthrough(config: dict[str, Any], seed: int,
                      policy: str | Sequence[str] = UNIFORM,
                      checks: Checks | None = None) -> Report:
    """Play ``config`` with ``seed`` through the facade, checking the contract at every step.

    ``policy`` is a bot spec for every seat (``"uniform"``, ``"aggressive"`` or
    a registry name such as ``"random"``, ``"rule"``, ``"heuristic"``) or one
    per seat; the solitaire scenario's alien seats play the alien bot unless a
    list names theirs.  Bots decide from their observation and the legal
    actions only, as at a real seat.  Raises :class:`ContractBroken` at the
    first broken property.
    """
    checks = checks or Checks()
    game = Game.new_game(dict(config, seed=seed))
    rnd = random.Random(seed)
    checker = _Checker(game, config, seed, checks, random.Random(seed ^ 0xC0DE))
    seats = _policies(game, policy, seed, rnd)
    checker.at_start()
    while not game.is_over and checker.report.actions < checks.max_actions:
        code = seats[game.current_player](game)
        checker.step(code)
    checker.at_end()
    return checker.report


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
        return lambda game: _aggressive(game, rnd)
    bot = make_bot(spec, seed)
    bot.restart()

    def decide(game: Game) -> int:
        return ask(bot, game, game.current_player).code

    return decide


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


# -- the checker -------------------------------------------------------------------------
class _Checker:
    """The per-step checks of one playthrough, and what they have counted."""

    def __init__(self, game: Game, config: dict[str, Any], seed: int, checks: Checks,
                 rnd: random.Random) -> None:
        self.game = game
        self.seed = seed
        self.checks = checks
        self.rnd = rnd
        self.report = Report(dict(config), seed)
        self.previous_legal: list[int] = []
        self.sibling_legal: list[int] = []
        self.where = "at the start"  # the step being checked, for the error message
        # every player's observation after the last action, if the leak check built them
        self.observed: dict[int, Observation] | None = None

    def fail(self, what: str) -> ContractBroken:
        """The error for a broken property: where (seed, action number, which action,
        config) and what, enough to replay the game to that point."""
        return ContractBroken(f"seed {self.seed}, {self.where}, config {self.report.config}: "
                              f"{what}")

    # -- the flow ------------------------------------------------------------------
    def at_start(self) -> None:
        """A new game already keeps the invariants, hides what it must and saves."""
        self.invariants()
        self.observed = self.no_leaks()
        self.json_round_trip()

    def step(self, code: int) -> None:
        """Check before the action, apply it (to a clone too), check after it."""
        game = self.game
        legal = game.legal_codes()
        action = f"{_readable(code)} by player {game.current_player} in {game.phase}"
        self.where = f"before action {self.report.actions + 1} ({action})"
        if code not in legal:
            raise self.fail(f"the policy chose {_readable(code)}, which is not legal")
        self.action_round_trip(code)
        deep = self.report.actions % self.checks.deep_every == 0
        if deep:
            self.explain_legal(legal)
            self.clone_is_independent(legal, code)
            self.illegal_codes(legal)
        before = self.observed if deep else None
        twin = self.fresh_clone()
        events = self.apply_legal(code)
        self.report.actions += 1
        self.where = f"after action {self.report.actions} ({action})"
        self.same_as_twin(twin, code, events)
        self.count(code, events)
        self.previous_legal = legal
        self.invariants()
        self.observed = self.no_leaks() if deep else None
        self.events(events, before, self.observed)
        if self.report.actions % self.checks.json_every == 0:
            self.json_round_trip()

    def apply_legal(self, code: int) -> list[Event]:
        """Apply the policy's (legal) action; any error is the engine's, named here."""
        try:
            return self.game.apply(code)
        except Exception as exc:  # a legal action must apply
            raise self.fail(f"apply of a legal action raised {type(exc).__name__}: "
                            f"{exc}") from exc

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

    def at_end(self) -> None:
        """The last save round trip; a finished game offers nothing and refuses all."""
        game = self.game
        self.where = f"at the end, after action {self.report.actions}"
        self.json_round_trip()
        self.report.rounds = game.state.round
        self.report.is_over = game.is_over
        self.report.winner = game.winner
        if game.is_over:
            if game.legal_codes():
                raise self.fail("a finished game still offers actions")
            self.illegal_codes([])

    # -- the checks ------------------------------------------------------------------
    def invariants(self) -> None:
        """The engine's own invariants (every field within the charts, derived data)."""
        broken = problems(self.game.state)
        if broken:
            raise self.fail(f"invariant broken: {broken[0]}")

    def no_leaks(self) -> dict[int, Observation]:
        """Every player's observation is unchanged by changing what they cannot know;
        returns the observations (the leak check builds them anyway)."""
        seen: dict[int, Observation] = {}
        state = self.game.state
        for viewer in range(state.n_players):
            leaks = leaked_fields(state, viewer, self.rnd, seen)
            if leaks:
                raise self.fail(f"leak check: player {viewer}'s observation changes with "
                                f"what they cannot know: {leaks}")
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
            raise self.fail(f"leak check: player {player}'s legal actions change with what "
                            f"they cannot know")

    def action_round_trip(self, code: int) -> None:
        """Code, Action and JSON convert losslessly (saves and the network rely on it)."""
        action = Action.from_code(code)
        if action.code != code or Action.from_json(action.to_json()) != action:
            raise self.fail(f"action {action} does not convert losslessly")

    def fresh_clone(self) -> Game:
        """A clone, which must equal the game and offer the same actions."""
        game = self.game
        twin = game.clone()
        if twin != game:
            raise self.fail("clone: a fresh clone differs from its original")
        if twin.legal_codes() != game.legal_codes():
            raise self.fail("clone: a clone offers other legal actions")
        return twin

    def same_as_twin(self, twin: Game, code: int, events: list[Event]) -> None:
        """The action just applied to the game, applied to its clone, does the same."""
        twin_events = twin.apply(code)
        if twin != self.game or twin.action_codes != self.game.action_codes:
            raise self.fail("clone: the same action applied to a clone and its original "
                            "left them different")
        if twin_events != events:
            raise self.fail("clone: the same action applied to a clone gave other events")

    def clone_is_independent(self, legal: list[int], chosen: int) -> None:
        """Applying an action to a clone (another one than the policy's, when there is
        one) changes nothing of the original; the clone's new decision gives codes for
        the illegal-code probes (they are legal in a sibling state)."""
        game = self.game
        snapshot = _snapshot(game)
        others = [c for c in legal if c != chosen]
        twin = game.clone()
        twin.apply(self.rnd.choice(others) if others else chosen)
        if _snapshot(game) != snapshot:
            raise self.fail("clone: applying an action to a clone changed the original")
        self.sibling_legal = twin.legal_codes()

    def explain_legal(self, legal: list[int]) -> None:
        """No legal action is explained away; both forms of the legal actions agree."""
        game = self.game
        for action in game.legal_actions():
            why = game.explain(action)
            if why is not None:
                raise self.fail(f"explain({action}) is {why!r} for a legal action")
        if [a.code for a in game.legal_actions()] != legal:
            raise self.fail("legal_actions() and legal_codes() disagree")

    def illegal_codes(self, legal: list[int]) -> None:
        """Codes that are not legal: explained in a sentence, refused, game untouched."""
        game = self.game
        for code in self.illegal_sample(legal):
            why = game.explain(code)
            if not isinstance(why, str) or not why.strip():
                raise self.fail(f"explain({_readable(code)}) is {why!r} for an illegal code")
            snapshot = _snapshot(game)
            try:
                game.apply(code)
            except IllegalActionError:
                pass
            except Exception as exc:  # any other error breaks the contract too
                raise self.fail(f"apply({_readable(code)}) of an illegal code raised "
                                f"{type(exc).__name__}: {exc}") from None
            else:
                raise self.fail(f"apply({_readable(code)}) accepted an illegal code")
            if _snapshot(game) != snapshot:
                raise self.fail(f"apply({_readable(code)}) was refused but changed the game")
            self.report.illegal_probes += 1

    def illegal_sample(self, legal: list[int]) -> list[int]:
        """Up to ``illegal_probes`` codes, none legal now: one malformed, the rest
        legal a decision ago, in a sibling state, or a neighbour of a legal code."""
        allowed = set(legal)
        near: set[int] = set(self.previous_legal) | set(self.sibling_legal)
        for code in self.rnd.sample(legal, min(3, len(legal))):
            near.update(_neighbours(code))
        candidates = sorted(c for c in near if c not in allowed)
        picked = self.rnd.sample(candidates, min(self.checks.illegal_probes - 1,
                                                 len(candidates)))
        return [self.rnd.choice(_MALFORMED)] + picked

    def json_round_trip(self) -> None:
        """The save loads back as the same game: state, actions, log, observations."""
        game = self.game
        try:
            loaded = Game.from_json(game.to_json())
        except SaveFormatError as exc:
            raise self.fail(f"save: the game's own save does not load: {exc}") from None
        if loaded != game:
            raise self.fail("save: the loaded game differs from the saved one")
        for what, mine, theirs in (
                ("legal actions", game.legal_codes(), loaded.legal_codes()),
                ("action log", game.action_codes, loaded.action_codes),
                ("history", game.history, loaded.history),
                ("config", game.config, loaded.config),
                ("save text", game.to_json(), loaded.to_json())):
            if mine != theirs:
                raise self.fail(f"save: the loaded game has another {what}")
        for p in range(game.state.n_players):
            if _canonical(loaded.observation(p)) != _canonical(game.observation(p)):
                raise self.fail(f"save: player {p}'s observation differs after loading")
        self.report.json_round_trips += 1

    def events(self, events: list[Event], before: dict[int, Observation] | None,
               after: dict[int, Observation] | None) -> None:
        """Each event's fields and audience as declared; identities as others see them."""
        players = self.game.state.n_players
        for event in events:
            problem = _field_problem(event) or self.audience_problem(event, players)
            if problem:
                raise self.fail(f"event {event}: {problem}")
            if after is not None:
                problem = _identity_problem(event, before or {}, after)
                if problem:
                    raise self.fail(f"event {event}: {problem}")
        for p in range(players):
            mine = Game.events_for(events, p)
            wanted = [e for e in events if e["visible_to"] is None or p in e["visible_to"]]
            if mine != wanted:
                raise self.fail(f"events_for(player {p}) is not the events addressed to them")

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


# -- helpers ---------------------------------------------------------------------------
# Codes no action has: kind 0, a kind past the last, a negative number, one past what
# a C int holds (a network peer or a damaged file may send any integer).
_MALFORMED = (0, encode(63, 1, 1), -1, 1 << 40)


def _neighbours(code: int) -> list[int]:
    """Codes next to ``code``: each parameter one up or down, the kind one up or down."""
    kind, a, b = kind_of(code), arg_a(code), arg_b(code)
    out = []
    for dk, da, db in ((0, 0, 1), (0, 0, -1), (0, 1, 0), (0, -1, 0), (1, 0, 0), (-1, 0, 0)):
        k, x, y = kind + dk, a + da, b + db
        if k > 0 and 0 <= x < PARAM_LIMIT and 0 <= y < PARAM_LIMIT:
            out.append(encode(k, x, y))
    return out


def _readable(code: int) -> str:
    try:
        return str(Action.from_code(code))
    except ValueError:
        return f"code {code}"


def _snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a game holds, to tell whether anything changed."""
    state = game.state
    return (state.scalars(), state.buffer_bytes(), tuple(game.action_codes),
            json.dumps(game.history), json.dumps(
                [game.income_report(p) for p in range(state.n_players)], sort_keys=True))


def _canonical(observation: Observation) -> str:
    return json.dumps(observation, sort_keys=True)
