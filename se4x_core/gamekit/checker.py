"""The contract checker: one, run over every registered game.

After OpenSpiel's ``basic_tests``: :func:`check_playthrough` plays a seeded game of
any registered game and, around every action, checks what every table relies on,
through the facade alone (:mod:`se4x_core.gamekit.contract`):

* **actions**: every legal code is a canonical action (its ``Action`` reads it back to
  the same code and the same JSON), and ``legal_actions`` are the ``legal_codes``;
* **clones** equal their original and offer the same actions; the same action applied
  to a clone and to its original leaves them equal with the same events; a clone is
  independent (an action applied to it changes nothing of the original);
* **saves**: ``from_json(to_json())`` is the same game (state, action codes, legal
  actions, save text, every player's observation); at the end ``replay(config,
  codes)`` is too;
* **refusals**: ``explain`` is None for every legal action and a sentence for codes
  that are not legal (malformed, legal a decision ago, legal in a sibling state, a
  neighbour of a legal code), whose ``apply`` raises ``IllegalActionError`` and
  leaves the game exactly as it was;
* **events** are JSON mappings with a ``type``; ``events_for`` hands each player a
  part of them, in order (what a log and a network message filter);
* **observations** are JSON (what the LAN host sends);
* **the end**: a finished game has no current player, offers no action and refuses
  every code; its winners are players;
* and whatever a game checks of its own (its record's ``checks``, a
  :class:`GameChecks`: Space Empires' invariants, leak checks and event audiences).

The costly checks (actions, clones, refusals, observations) run every ``deep_every``
actions, the save every ``json_every``, the events around every action.
A broken property raises :class:`ContractBroken` naming the game, seed, action and
config, and what failed, enough to replay it (``replay(config, action_codes)``).
tests/gamekit runs this over every registered game, and over facades broken on purpose,
each of which it must catch.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from se4x_core.errors import IllegalActionError, SaveFormatError
from se4x_core.gamekit import registry
from se4x_core.gamekit.bot import ask
from se4x_core.gamekit.contract import Events, Facade, GameClass

MAX_ACTIONS = 20_000
Decider = Callable[[Facade], int]  # a seat's policy: the code it plays now
MALFORMED = (-1, 0, 1 << 40)  # never an action of any game


class ContractBroken(AssertionError):
    """A property of the game contract does not hold; the message says where and how."""


@dataclass
class Report:
    """What one checked playthrough did."""

    game: str
    config: dict[str, Any]
    seed: int
    actions: int = 0
    deep_checks: int = 0
    illegal_probes: int = 0
    json_round_trips: int = 0
    is_over: bool = False
    winners: tuple[int, ...] = ()


class GameChecks(Protocol):
    """A game's own checks around each action (its record's ``checks`` makes one per
    playthrough: ``make(game, rnd)``).  Each raises AssertionError naming what broke."""

    def at_start(self, game: Facade) -> None: ...
    def before(self, game: Facade, code: int, deep: bool) -> None: ...
    def after(self, game: Facade, code: int, events: Events, deep: bool) -> None: ...
    def at_save(self, game: Facade, loaded: Facade) -> None: ...
    def at_end(self, game: Facade) -> None: ...


class ContractChecker:
    """The checks of one playthrough (see the module docstring)."""

    def __init__(self, name: str, config: dict[str, Any], seed: int, *,
                 game_class: GameClass | None = None, deep_every: int = 1,
                 json_every: int = 8, illegal_probes: int = 6) -> None:
        self.name = name
        self.cls = game_class or registry.game_class(name)
        self.actions = registry.action_class(name)
        self.rnd = random.Random(seed ^ 0xC0DE)
        self.deep_every = max(1, deep_every)
        self.json_every = max(1, json_every)
        self.probe_count = illegal_probes
        self.report = Report(name, dict(config), seed)
        self.own: GameChecks | None = None
        self.previous_legal: list[int] = []
        self.sibling_legal: list[int] = []
        self.where = "at the start"

    def fail(self, what: str) -> ContractBroken:
        return ContractBroken(f"{self.name}, seed {self.report.seed}, {self.where}, config "
                              f"{self.report.config}: {what}")

    def _own(self, check: Callable[[], None]) -> None:
        try:
            check()
        except ContractBroken:
            raise
        except AssertionError as exc:
            raise self.fail(str(exc)) from None

    # -- the flow ------------------------------------------------------------------------
    def at_start(self, game: Facade, own: GameChecks | None = None) -> None:
        self.own = own
        self.check_legal(game)
        self.observations(game)
        self.save(game)
        if own is not None:
            self._own(lambda: own.at_start(game))

    def step(self, game: Facade, code: int) -> Events:
        """Check before ``code``, apply it (to a clone too), check after it."""
        legal = game.legal_codes()
        self.where = f"before action {self.report.actions + 1} ({self.readable(code)} by " \
                     f"player {game.current_player} in {game.phase})"
        if code not in legal:
            raise self.fail(f"the player chose {self.readable(code)}, which is not legal")
        deep = self.report.actions % self.deep_every == 0
        if deep:
            self.report.deep_checks += 1
            self.explain_legal(game, legal)
            saved = game.to_json()  # the game before: both checks leave it as it was
            self.clone_is_independent(game, legal, code, saved)
            self.refusals(game, legal, saved)
        own = self.own
        if own is not None:
            self._own(lambda: own.before(game, code, deep))
        twin = self.fresh_clone(game) if deep else None
        try:
            events = game.apply(code)
        except Exception as exc:  # a legal action must apply
            raise self.fail(f"apply of a legal action raised {type(exc).__name__}: "
                            f"{exc}") from exc
        self.report.actions += 1
        self.where = f"after action {self.report.actions} ({self.readable(code)})"
        if twin is not None:
            self.same_as_twin(game, twin, code, events)
        self.previous_legal = legal
        self.events(game, events)
        if deep:
            self.check_legal(game)
            self.observations(game)
        elif not game.is_over and not game.legal_codes():
            raise self.fail("a game in progress offers no legal action")
        if own is not None:
            self._own(lambda: own.after(game, code, events, deep))
        if self.report.actions % self.json_every == 0:
            self.save(game)
        return events

    def at_end(self, game: Facade) -> None:
        self.where = f"at the end, after action {self.report.actions}"
        self.save(game)
        if self.cls.replay(game.config, game.action_codes) != game:
            raise self.fail("a replay of the action codes differs from the game")
        self.report.is_over = game.is_over
        self.report.winners = tuple(game.winners)
        if game.is_over:
            if game.current_player != -1 or game.legal_codes():
                raise self.fail("a finished game still has a player to act or actions")
            if not all(0 <= p < self.players(game) for p in game.winners):
                raise self.fail(f"winners {game.winners} are not players")
            self.refusals(game, [])
        own = self.own
        if own is not None:
            self._own(lambda: own.at_end(game))

    # -- the checks ------------------------------------------------------------------------
    @staticmethod
    def players(game: Facade) -> int:
        return int(game.config["players"])

    def readable(self, code: int) -> str:
        try:
            return str(self.actions.from_code(code))
        except ValueError:
            return f"code {code}"

    def check_legal(self, game: Facade) -> None:
        """Every legal code reads back as itself; a game in progress offers some."""
        codes = game.legal_codes()
        if not game.is_over and not codes:
            raise self.fail("a game in progress offers no legal action")
        for code in codes:
            action = self.actions.from_code(code)
            if action.code != code or self.actions.from_json(action.to_json()) != action:
                raise self.fail(f"legal code {code} does not convert losslessly")

    def explain_legal(self, game: Facade, legal: list[int]) -> None:
        if [a.code for a in game.legal_actions()] != legal:
            raise self.fail("legal_actions() and legal_codes() disagree")
        for code in legal:
            why = game.explain(code)
            if why is not None:
                raise self.fail(f"explain({self.readable(code)}) is {why!r} for a legal code")

    def fresh_clone(self, game: Facade) -> Facade:
        twin = game.clone()
        if twin != game or twin.legal_codes() != game.legal_codes():
            raise self.fail("clone: a fresh clone differs from its original")
        return twin

    def same_as_twin(self, game: Facade, twin: Facade, code: int, events: Events) -> None:
        twin_events = twin.apply(code)
        if twin != game or twin.action_codes != game.action_codes:
            raise self.fail("clone: the same action applied to a clone and its original "
                            "left them different")
        if list(twin_events) != list(events):
            raise self.fail("clone: the same action applied to a clone gave other events")

    def clone_is_independent(self, game: Facade, legal: list[int], chosen: int,
                             before: str) -> None:
        """An action applied to a clone (another than the one chosen, where there is one)
        changes nothing of the original (``before``: its save); the clone's next decision
        gives sibling codes for the refusal probes."""
        others = [c for c in legal if c != chosen]
        twin = game.clone()
        twin.apply(self.rnd.choice(others) if others else chosen)
        if game.to_json() != before:
            raise self.fail("clone: applying an action to a clone changed the original")
        self.sibling_legal = twin.legal_codes()

    def neighbours(self, code: int) -> list[int]:
        """Codes next to ``code``: each parameter and the kind one up or down."""
        shift = getattr(self.actions, "KIND_SHIFT", 20)
        bits = getattr(self.actions, "PARAM_BITS", 10)
        mask = (1 << bits) - 1
        kind, a, b = code >> shift, (code >> bits) & mask, code & mask
        out = []
        for dk, da, db in ((0, 0, 1), (0, 0, -1), (0, 1, 0), (0, -1, 0), (1, 0, 0),
                           (-1, 0, 0)):
            k, x, y = kind + dk, a + da, b + db
            if k > 0 and 0 <= x <= mask and 0 <= y <= mask:
                out.append((k << shift) | (x << bits) | y)
        return out

    def probes(self, legal: list[int]) -> list[int]:
        """Codes that are not legal now: one malformed, the rest legal a decision ago, in
        a sibling state, or a neighbour of a legal code."""
        allowed = set(legal)
        near = set(self.previous_legal) | set(self.sibling_legal)
        for code in self.rnd.sample(legal, min(3, len(legal))):
            near.update(self.neighbours(code))
        candidates = sorted(c for c in near if c not in allowed)
        picked = self.rnd.sample(candidates, min(self.probe_count - 1, len(candidates)))
        return [self.rnd.choice(MALFORMED)] + picked

    def refusals(self, game: Facade, legal: list[int], before: str | None = None) -> None:
        """Codes that are not legal: explained in a sentence, refused, game untouched
        (``before``: the game's save, if the caller has it).

        Why the save is compared once, after the last probe: it is the costliest call
        of the checker (the whole state and action log as JSON, longer each action).
        Each probe is checked at once for what a refusal most likely changes (the
        action log and the legal actions); the save after all of them catches anything
        else that stayed changed, and a probe at a time is then replayed on the
        saved game to name the one that did it."""
        saved = game.to_json() if before is None else before
        legal_before, logged = game.legal_codes(), len(game.action_codes)
        probes = self.probes(legal)
        for code in probes:
            self.refused(game, code)
            if len(game.action_codes) != logged or game.legal_codes() != legal_before:
                raise self.changed_by(code)
            self.report.illegal_probes += 1
        if game.to_json() != saved:
            raise self.changed_by(self.probe_that_changes(saved, probes))

    def refused(self, game: Facade, code: int) -> None:
        """``code`` is explained in a sentence and refused by ``apply``."""
        why = game.explain(code)
        if not isinstance(why, str) or not why.strip():
            raise self.fail(f"explain({self.readable(code)}) is {why!r} for an illegal code")
        try:
            game.apply(code)
        except IllegalActionError:
            return
        except Exception as exc:  # any other error breaks the contract too
            raise self.fail(f"apply({self.readable(code)}) of an illegal code raised "
                            f"{type(exc).__name__}: {exc}") from None
        raise self.fail(f"apply({self.readable(code)}) accepted an illegal code")

    def changed_by(self, code: int | None) -> ContractBroken:
        probe = f"apply({self.readable(code)})" if code is not None else "a refused apply"
        return self.fail(f"{probe} was refused but changed the game")

    def probe_that_changes(self, saved: str, probes: list[int]) -> int | None:
        """The first of ``probes`` that, refused by the game loaded from ``saved``, leaves
        another save (None: none alone does, or the save does not load)."""
        try:
            game = self.cls.from_json(saved)
        except SaveFormatError:
            return None
        for code in probes:
            try:
                game.apply(code)
            except Exception:  # noqa: BLE001 - refused, as it was the first time
                pass
            if game.to_json() != saved:
                return code
        return None

    def events(self, game: Facade, events: Events) -> None:
        for event in events:
            if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
                raise self.fail(f"an event without a type: {event!r}")
            try:
                json.dumps(event)
            except (TypeError, ValueError):
                raise self.fail(f"event {event['type']} is not JSON") from None
        for player in range(self.players(game)):
            remaining = iter(events)
            for mine in game.events_for(list(events), player):
                if not any(mine is e or mine == e for e in remaining):
                    raise self.fail(f"events_for(player {player}) hands out an event the "
                                    "action did not produce, or out of order")

    def observations(self, game: Facade) -> None:
        for player in range(self.players(game)):
            try:
                json.dumps(game.observation(player))
            except (TypeError, ValueError):
                raise self.fail(f"player {player}'s observation is not JSON") from None

    def save(self, game: Facade) -> None:
        """The save loads back as the same game."""
        text = game.to_json()
        try:
            loaded = self.cls.from_json(text)
        except SaveFormatError as exc:
            raise self.fail(f"save: the game's own save does not load: {exc}") from None
        if loaded != game:
            raise self.fail("save: the loaded game differs from the saved one")
        for what, mine, theirs in (
                ("legal actions", game.legal_codes(), loaded.legal_codes()),
                ("action log", game.action_codes, loaded.action_codes),
                ("config", game.config, loaded.config),
                ("save text", text, loaded.to_json())):
            if mine != theirs:
                raise self.fail(f"save: the loaded game has another {what}")
        for p in range(self.players(game)):
            if json.dumps(loaded.observation(p), sort_keys=True) != \
                    json.dumps(game.observation(p), sort_keys=True):
                raise self.fail(f"save: player {p}'s observation differs after loading")
        own = self.own
        if own is not None:
            self._own(lambda: own.at_save(game, loaded))
        self.report.json_round_trips += 1


def bot_deciders(name: str, specs: Sequence[str], seed: int) -> list[Decider]:
    """One decision function per seat from the game's bot specs."""
    deciders: list[Decider] = []
    for seat, spec in enumerate(specs):
        bot = registry.make_bot(name, spec, 1000 * seed + seat)
        bot.restart()
        deciders.append(lambda game, bot=bot: int(ask(bot, game).code))  # type: ignore[misc]
    return deciders


def check_playthrough(name: str, config: dict[str, Any], seed: int = 0,
                      bots: Sequence[str] | None = None,
                      deciders: Sequence[Decider] | None = None, *,
                      deep_every: int = 10, json_every: int = 40, illegal_probes: int = 6,
                      max_actions: int = MAX_ACTIONS, game_class: GameClass | None = None,
                      own: Callable[[Facade, random.Random], GameChecks] | None = None
                      ) -> Report:
    """Play one game of ``name`` with ``config`` (and ``seed``) under every check.

    The seats play ``deciders`` if given, else the bot ``bots`` names per seat (default:
    the record's ``default_bot`` everywhere).  ``own`` makes the game's own checks
    (default: its record's ``checks``); ``game_class`` checks another facade in the
    game's place (the tests' broken facades).  Raises :class:`ContractBroken`.
    """
    record = registry.record(name)
    checker = ContractChecker(name, config, seed, game_class=game_class,
                              deep_every=deep_every, json_every=json_every,
                              illegal_probes=illegal_probes)
    game = checker.cls.new_game(dict(config, seed=seed))
    if deciders is None:
        specs = list(bots) if bots is not None else \
            [record.default_bot] * checker.players(game)
        deciders = bot_deciders(name, specs, seed)
    make_own = own or (registry.load(record.checks) if record.checks else None)
    checker.at_start(game, make_own(game, checker.rnd) if make_own else None)
    while not game.is_over and checker.report.actions < max_actions:
        checker.step(game, deciders[game.current_player](game))
    checker.at_end(game)
    return checker.report


class Determinizable(Protocol):
    """A game that can deal what a player cannot see again (a search's sample)."""

    def observation(self, player: int) -> Any: ...
    def legal_codes(self) -> list[int]: ...
    @property
    def current_player(self) -> int: ...
    def determinize(self, player: int, seed: int) -> Any: ...


def leak_check(game: Determinizable, viewer: int, seeds: Sequence[int] = (1, 2),
               hidden: Callable[[Any], Any] | None = None) -> int:
    """The viewer's observation (and, when deciding, their legal actions) equal across
    games that differ only in what they cannot see (``determinize``); returns how many
    samples really differed in ``hidden`` (the hidden facts, e.g. the hands), so a test
    can tell a vacuous check from a real one.  ContractBroken names the leak."""
    seen = game.observation(viewer)
    varied = 0
    for seed in seeds:
        other = game.determinize(viewer, seed)
        if other.observation(viewer) != seen:
            raise ContractBroken(f"player {viewer}'s observation depends on hidden facts")
        if game.current_player == viewer and other.legal_codes() != game.legal_codes():
            raise ContractBroken(f"player {viewer}'s legal actions depend on hidden facts")
        if hidden is not None and hidden(other) != hidden(game):
            varied += 1
    return varied


__all__ = ["ContractBroken", "ContractChecker", "Decider", "Determinizable", "GameChecks",
           "Report", "bot_deciders", "check_playthrough", "leak_check"]
