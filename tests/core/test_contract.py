"""The Game facade's contract over a matrix of configs (se4x_core.devtools.contract).

Every case plays one seeded game through ``Game`` and checks after every
action (the costlier checks every ``deep_every`` actions): the invariants,
clone equality and independence, the save round trip, the leak check for
every player (observations, and the current player's legal actions),
``explain`` and ``apply`` of legal and illegal codes, and each event's
fields and audience.  The matrix spans
2, 3 and 4 players, every board, each advanced rule set alone and all
together, team play with 3 and 4 players and the alien solitaire scenario,
played by the uniform random policy, self-play's aggressive random player
and the registry's random, heuristic, rule and policy bots.  Each case also names
what its game must reach, so that the checks are seen to meet what they are
for (battles, carriers boarded, machines moving, fleets launched).

The tests at the end break the facade on purpose (a clone, an observation,
the legal actions, explain, an event's audience, a save) and demand that the
checker notices: a checker that cannot fail proves nothing.

Interpreted (``SE4X_PURE_PYTHON=1``, the build test's rerun) each case plays
fewer rounds: the same checks over every config, at a cost the rerun affords.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from se4x_core import _puremode, data, events, observation
from se4x_core.devtools.contract import (
    AGGRESSIVE,
    UNIFORM,
    Checks,
    ContractBroken,
    check_playthrough,
)
from se4x_core.game import Game

pytestmark = [pytest.mark.slow, pytest.mark.core]

PURE = _puremode.pure_python_requested()
PURE_ROUNDS = 2  # interpreted, each case plays at most this many rounds
ALL_RULES = sorted(data.ADVANCED_RULES)


@dataclass(frozen=True)
class Case:
    """One game of the matrix: its config, who plays it, how long, what it must reach.

    ``expect`` names what the game must have gone through (keys of
    ``Report.seen``: event kinds, ``action:KIND``, ``bought:TYPE``,
    ``explored:MARKER``), so that a case is seen to exercise what it is there
    for.  If a change of the rules or the bots makes a seed miss it, choose
    another seed that reaches it: never drop the expectation.
    """

    name: str
    config: dict[str, Any]
    policy: str | tuple[str, ...]
    rounds: int
    seed: int
    expect: tuple[str, ...] = ()
    deep_every: int = 1


CASES = (
    # 2, 3 and 4 players, every board
    Case("2p-small", {"players": 2, "board": "small"}, AGGRESSIVE, 8, 1,
         ("battle_started", "shot", "unit_destroyed")),
    Case("2p-standard", {"players": 2, "board": "standard"}, UNIFORM, 4, 2,
         ("split", "merged", "bought")),
    Case("2p-large", {"players": 2, "board": "large"}, "random", 6, 3, ("bought", "researched")),
    Case("3p", {"players": 3}, "heuristic", 6, 4, ("battle_started", "shot", "colonized")),
    Case("4p", {"players": 4}, AGGRESSIVE, 5, 5, ("battle_started", "shot"), deep_every=2),
    # each advanced rule set alone
    Case("fighters", {"players": 2, "advanced": ["fighters"]}, "rule", 10, 1,
         ("bought:CV", "bought:F", "boarded")),
    Case("raiders", {"players": 2, "advanced": ["raiders"]}, "rule", 10, 3,
         ("bought:R", "battle_started")),
    Case("mines", {"players": 2, "advanced": ["mines"]}, AGGRESSIVE, 12, 1,
         ("bought:SW", "battle_started")),
    Case("pipelines", {"players": 2, "advanced": ["pipelines"]}, "rule", 10, 1,
         ("bought:MS",)),
    Case("warp_points", {"players": 2, "advanced": ["warp_points"]}, ("rule", AGGRESSIVE), 12,
         1, ("explored:warp_point",), deep_every=2),
    Case("scuttling", {"players": 2, "advanced": ["scuttling"]}, AGGRESSIVE, 12, 1,
         ("action:scuttle",)),
    Case("doomsday", {"players": 2, "advanced": ["doomsday"]}, "rule", 10, 1,
         ("machine_moved", "machine_hit", "machine_destroyed")),
    # every advanced rule set at once
    Case("advanced-all", {"players": 2, "advanced": ALL_RULES}, "rule", 12, 1,
         ("boarded", "machine_moved", "battle_started"), deep_every=2),
    # the compiled rule bot (the search's playout policy) as a player, on its information set
    Case("advanced-all-policy", {"players": 2, "advanced": ALL_RULES}, "policy", 12, 1,
         ("boarded", "machine_moved", "machine_hit", "bought:MS"), deep_every=2),
    Case("advanced-all-3p", {"players": 3, "advanced": ALL_RULES}, AGGRESSIVE, 8, 2,
         ("battle_started", "action:scuttle"), deep_every=2),
    # team play, 2 against 1 and 2 against 2
    Case("teams-3p", {"players": 3, "teams": [[0, 1], [2]]}, AGGRESSIVE, 6, 3,
         ("battle_started",), deep_every=2),
    Case("teams-4p", {"players": 4, "teams": [[0, 2], [1, 3]]}, "rule", 6, 4,
         ("colonized",), deep_every=2),
    # the alien solitaire scenario (the alien seats play the alien bot)
    Case("aliens-easy", {"aliens": {"players": 2, "difficulty": "easy"}}, "rule", 10, 2,
         ("alien_economy", "fleet_launched", "battle_started")),
    Case("aliens-hard", {"aliens": {"difficulty": "hard"}}, AGGRESSIVE, 8, 6,
         ("alien_economy", "fleet_launched"), deep_every=2),
)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_contract_holds(case: Case) -> None:
    rounds = min(case.rounds, PURE_ROUNDS) if PURE else case.rounds
    report = check_playthrough(dict(case.config, max_rounds=rounds), case.seed, case.policy,
                               Checks(deep_every=case.deep_every))
    assert report.actions > 20 * rounds  # the game really was played
    assert report.illegal_probes > 0 and report.leak_checks > 0 and report.json_round_trips > 1
    if not PURE:
        missing = [what for what in case.expect if not report.seen[what]]
        assert not missing, f"{case.name}: the game never showed {missing}"


def test_contract_until_a_homeworld_falls() -> None:
    """A whole game to its end: the checks hold through a conquest and the game over."""
    report = check_playthrough({"players": 2, "board": "small", "max_rounds": 30}, 0,
                               ("heuristic", AGGRESSIVE), Checks(deep_every=3, json_every=40))
    assert report.is_over and report.winner is not None
    assert report.seen["colony_destroyed"] and report.seen["game_over"]


# -- the checker must be able to fail ----------------------------------------------------
SHORT = {"players": 2, "board": "small", "max_rounds": 1}


def _broken(what: str) -> str:
    with pytest.raises(ContractBroken) as caught:
        check_playthrough(SHORT, 1, AGGRESSIVE)
    message = str(caught.value)
    assert message.startswith("se4x, seed 1, ") and "config {" in message and what in message
    return message


def test_fails_on_a_clone_that_shares_its_log(monkeypatch) -> None:
    original = Game.clone

    def sharing_clone(self: Game) -> Game:
        other = original(self)
        other._actions = self._actions  # the log is no longer copied on write
        return other

    monkeypatch.setattr(Game, "clone", sharing_clone)
    _broken("clone")


def test_fails_on_an_observation_that_shows_a_hidden_value(monkeypatch) -> None:
    real = observation._own_empire

    def leaky(state: Any, fields: Any, viewer: int, report: Any) -> Any:
        view = real(state, fields, viewer, report)
        view["cp"] += fields["cp"][(viewer + 1) % state.n_players]  # another empire's CP
        return view

    monkeypatch.setattr(observation, "_own_empire", leaky)
    _broken("leak check")


def test_fails_when_an_illegal_code_is_not_explained(monkeypatch) -> None:
    monkeypatch.setattr(Game, "explain", lambda self, action: None)
    _broken("explain(")


def test_fails_on_a_private_event_made_public(monkeypatch) -> None:
    monkeypatch.setattr(events, "audience_list", lambda mask: None)
    _broken("addressed to None")


def test_fails_on_a_save_that_drops_an_action(monkeypatch) -> None:
    real = Game.to_json

    def lossy(self: Game) -> str:
        doc = json.loads(real(self))
        if doc["actions"]:
            doc["actions"].pop()
            doc["state"] = json.loads(real(Game.replay(self.config, doc["actions"])))["state"]
        return json.dumps(doc)

    monkeypatch.setattr(Game, "to_json", lossy)
    _broken("save")


def test_fails_on_legal_actions_that_depend_on_hidden_facts(monkeypatch) -> None:
    real = Game.legal_codes

    def telling(self: Game) -> list[int]:
        codes = real(self)
        enemy = (self.current_player + 1) % self.state.n_players
        return codes[:-1] if len(codes) > 1 and self.state.cp[enemy] % 2 else codes

    monkeypatch.setattr(Game, "legal_codes", telling)
    _broken("legal actions change")
