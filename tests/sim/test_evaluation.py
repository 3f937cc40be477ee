"""The learned evaluation: the shipped weights, probabilities that are probabilities,
sane answers on hand-built positions, and the compiled inference equal to the
numpy model it was trained as."""

from __future__ import annotations

import copy
import json
from array import array

import numpy as np
import pytest

from se4x_core import data
from se4x_core.devtools import train_plan, win_training
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.codes import BASE, CA, DD, DN, SY
from se4x_core.rules.state import State
from se4x_core.rules.units import eliminate_player
from se4x_core.sim import evaluation, playout
from se4x_core.sim.evaluation import MODEL_PATH, ModelError, WinModel, load_model
from se4x_core.sim.features import FEATURE_NAMES, feature_matrix
from se4x_core.sim.rulebot.memory import PolicyMemory
from tests.helpers.scenario import CENTRE, HOME_0, HOME_1, add, scenario, set_colony

pytestmark = [pytest.mark.core, pytest.mark.fast]

HEURISTIC = playout.POLICY_NAMES["heuristic"]


@pytest.fixture(scope="module")
def document() -> dict:
    return json.loads(MODEL_PATH.read_text())


def _played(players: int, seed: int, rounds: int, **config) -> State:
    s = engine.new_state({"players": players, "seed": seed, **config})
    playout.playout(s, seed, 100000, HEURISTIC, rounds)
    return s


STATES = [(2, 1, 6, {}), (2, 2, 14, {"board": "large"}), (3, 3, 10, {}),
          (4, 4, 12, {}), (3, 5, 10, {"teams": [[0, 2], [1]]}),
          (4, 6, 12, {"teams": [[0, 1], [2, 3]]}),
          (2, 7, 10, {"advanced": sorted(data.ADVANCED_RULES)})]


# -- the shipped file ------------------------------------------------------------------------
def test_the_shipped_model_loads_and_names_the_features(document: dict) -> None:
    assert document["format"] == evaluation.MODEL_FORMAT
    assert document["version"] in evaluation.MODEL_VERSIONS
    assert tuple(document["feature_names"]) == FEATURE_NAMES
    assert document["default"] in evaluation.KINDS
    for kind in evaluation.KINDS:
        model = load_model(kind=kind)
        assert model.kind == kind and model.n_features == len(FEATURE_NAMES)
    assert evaluation.default_model().kind == document["default"]
    assert document["provenance"]["command"] and document["provenance"]["games"] > 0


def test_the_expert_model_loads_and_differs_from_the_shipped_one(document: dict) -> None:
    """The Strongest level's model: the same features, trained on more games (the
    shipped model's and the search's own), so its probabilities are not the shipped
    model's; its provenance names every data file."""
    expert = json.loads(evaluation.EXPERT_MODEL_PATH.read_text())
    assert tuple(expert["feature_names"]) == FEATURE_NAMES and expert["default"] in evaluation.KINDS
    assert expert["provenance"]["games"] > document["provenance"]["games"]
    assert len(expert["provenance"]["sources"]) == 3
    state = _played(2, 1, 6)
    shipped, other = array("d", [0.0] * 4), array("d", [0.0] * 4)
    evaluation.default_model().values(state, shipped)
    load_model(evaluation.EXPERT_MODEL_PATH).values(state, other)
    assert sum(other[:2]) == pytest.approx(1.0) and other != shipped


def test_the_options_name_the_shipped_path() -> None:
    assert train_plan.MODEL_PATH == MODEL_PATH


def test_a_file_for_other_features_is_refused(document: dict) -> None:
    other = copy.deepcopy(document)
    other["feature_names"] = other["feature_names"][:-1]
    with pytest.raises(ModelError, match="other features"):
        WinModel(other)
    with pytest.raises(ModelError, match="no 'nonsense' model"):
        WinModel(document, "nonsense")
    broken = copy.deepcopy(document)
    broken["models"]["logit"]["w"] = [0.0]
    with pytest.raises(ModelError, match="shapes"):
        WinModel(broken, "logit")
    with pytest.raises(ModelError, match="cannot read"):
        load_model("/nonexistent/win_model.json")


# -- probabilities --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", evaluation.KINDS)
@pytest.mark.parametrize("players,seed,rounds,config", STATES)
def test_probabilities_sum_to_one_per_player_and_per_team(kind: str, players: int, seed: int,
                                                          rounds: int, config: dict) -> None:
    s = _played(players, seed, rounds, **config)
    model = load_model(kind=kind)
    p = model.probability_list(s)
    assert len(p) == players and all(0.0 <= x <= 1.0 for x in p)
    assert sum(p) == pytest.approx(1.0, abs=1e-12)
    values = array("d", [0.0] * 4)
    model.values(s, values)
    teams = config.get("teams") or [[q] for q in range(players)]
    for team in teams:
        for q in team:
            assert values[q] == pytest.approx(sum(p[m] for m in team), abs=1e-12)
            assert model.value(s, q) == pytest.approx(values[q], abs=1e-12)
            assert model.win_probability(s, q) == pytest.approx(p[q], abs=1e-12)
    assert sum(values[team[0]] for team in teams) == pytest.approx(1.0, abs=1e-12)
    for q in range(players):
        if not s.alive[q]:
            assert p[q] == 0.0


@pytest.mark.parametrize("kind", evaluation.KINDS)
@pytest.mark.parametrize("players,seed,rounds,config", STATES[:4])
def test_the_compiled_model_is_the_trained_numpy_model(document: dict, kind: str, players: int,
                                                       seed: int, rounds: int,
                                                       config: dict) -> None:
    """The inference (standardisation folded into the weights, C loops) gives the
    numpy model's probabilities (:mod:`se4x_core.devtools.win_training`) to 1e-9."""
    s = _played(players, seed, rounds, **config)
    if s.phase == PH_GAME_OVER:
        pytest.skip("a finished game is scored exactly, not by the model")
    numpy_model = _numpy_model(document["models"][kind])
    x = np.zeros((1, 4, len(FEATURE_NAMES)))
    x[0, :players] = feature_matrix(s)
    mask = np.zeros((1, 4), dtype=bool)
    mask[0, :players] = [bool(s.alive[q]) for q in range(players)]
    expected = win_training.softmax(numpy_model.scores(numpy_model.standardiser.apply(x)), mask)
    got = load_model(kind=kind).probability_list(s)
    assert np.max(np.abs(expected[0, :players] - got)) < 1e-9


def _numpy_model(entry: dict) -> win_training.Model:
    standardiser = win_training.Standardiser(np.array(entry["mean"]), np.array(entry["scale"]))
    if entry["kind"] == "logit":
        params = {"w": np.array(entry["w"])}
    else:
        params = {k: np.array(entry[k]) for k in ("w1", "b1", "w2")}
    return win_training.Model(entry["kind"], standardiser, params)


def test_the_module_functions_serve_the_default_model() -> None:
    s = _played(3, 9, 8)
    out = array("d", [0.0] * 3)
    evaluation.win_probabilities(s, out)
    model = evaluation.default_model()
    assert list(out) == evaluation.probabilities(s) == model.probability_list(s)
    assert evaluation.win_probability(s, 1) == out[1] == evaluation.value(s, 1)
    evaluation.values(s, out)
    assert out[2] == evaluation.value(s, 2)
    with pytest.raises(ValueError, match="array"):
        evaluation.win_probabilities(s, array("d", [0.0]))
    with pytest.raises(ValueError, match="array"):
        evaluation.values(s, array("i", [0, 0, 0]))


def test_another_model_may_be_served(document: dict) -> None:
    other = load_model(kind="logit" if document["default"] == "mlp" else "mlp")
    try:
        evaluation.set_default_model(other)
        assert evaluation.default_model() is other
    finally:
        evaluation.set_default_model(None)
    assert evaluation.default_model().kind == document["default"]


# -- finished games and hand-built positions -------------------------------------------------
def test_a_finished_game_is_scored_exactly() -> None:
    game = scenario(players=3)
    s = game.state
    s.phase, s.winner = PH_GAME_OVER, 1
    assert evaluation.probabilities(s) == [0.0, 1.0, 0.0]
    assert evaluation.value(s, 1) == 1.0 and evaluation.value(s, 0) == 0.0
    teams = scenario(players=4, teams=[[0, 2], [1, 3]]).state
    teams.phase, teams.winner = PH_GAME_OVER, 2
    assert evaluation.probabilities(teams) == [0.5, 0.0, 0.5, 0.0]
    assert [evaluation.value(teams, p) for p in range(4)] == [1.0, 0.0, 1.0, 0.0]


def test_an_empire_whose_homeworld_fell_has_no_chance() -> None:
    game = scenario(players=3)
    s = game.state
    eliminate_player(s, 2, None)
    p = evaluation.probabilities(s)
    assert p[2] == 0.0 and p[0] + p[1] == pytest.approx(1.0)


def _built_up(s: State, player: int, home: int) -> None:
    """A strong empire: a big modern fleet, colonies, ship yards, technology, CP."""
    for tech, level in ((data.T_SHIP_SIZE, 6), (data.T_ATTACK, 3), (data.T_DEFENSE, 3),
                        (data.T_TACTICS, 2), (data.T_MOVEMENT, 4)):
        s.set_tech_level(player, tech, level)
    for unit_type, count in ((DN, 2), (DN, 2), (CA, 6), (DD, 6)):
        add(s, player, unit_type, CENTRE, count, att=3, dfn=3)
    add(s, player, SY, home, 4)
    add(s, player, BASE, home, 1)
    s.cp[player] = 60
    s.income[player] = 45


def test_a_much_stronger_empire_is_favoured() -> None:
    game = scenario(cp=5)
    s = game.state
    _built_up(s, 0, HOME_0)
    for h in (3, 5, 14, 20):  # player 0's colonies in its home system
        set_colony(s, 0, h, 5)
    add(s, 1, DD, HOME_1, 1)
    s.income[1] = 20
    for kind in evaluation.KINDS:
        p = load_model(kind=kind).probability_list(s)
        assert p[0] > 0.8, (kind, p)
    # and the same position with the roles swapped
    mirror = scenario(cp=5)
    t = mirror.state
    _built_up(t, 1, HOME_1)
    add(t, 0, DD, HOME_0, 1)
    t.income[0] = 20
    for kind in evaluation.KINDS:
        assert load_model(kind=kind).probability_list(t)[1] > 0.8


def test_losing_the_homeworlds_production_lowers_the_chance() -> None:
    """The same position with player 1's homeworld bombarded down to 5 CP and an enemy
    fleet over it: player 1's chance falls."""
    game = scenario(cp=10)
    s = game.state
    for p, home in ((0, HOME_0), (1, HOME_1)):
        add(s, p, DD, home, 4)
        s.income[p] = 25
    before = evaluation.probabilities(s)[1]
    s.h_col_cp[HOME_1] = 5
    s.income[1] = 5
    add(s, 0, CA, HOME_1, 6, att=2, dfn=2)
    after = evaluation.probabilities(s)[1]
    assert after < before and after < 0.3


# -- the alien solitaire's model ---------------------------------------------------------------
def _solitaire(difficulty: str, seed: int, rounds: int) -> State:
    s = engine.new_state({"aliens": {"difficulty": difficulty}, "seed": seed})
    playout.policy_playout(s, PolicyMemory(), 100000, rounds)
    return s


def test_the_solitaire_model_is_fitted_on_solitaire_games_and_chosen_there() -> None:
    document = json.loads(evaluation.SOLITAIRE_MODEL_PATH.read_text())
    assert tuple(document["feature_names"]) == FEATURE_NAMES
    plan = document["provenance"]["sources"][0]["plan"]
    assert plan["aliens"] and document["provenance"]["games"] >= 1000
    s = _solitaire("easy", 3, 6)
    assert evaluation.model_for(s) is evaluation.solitaire_model()
    assert evaluation.model_for(_played(2, 1, 2)) is evaluation.default_model()


@pytest.mark.parametrize("difficulty", ["easy", "normal"])
def test_the_alien_players_are_one_side(difficulty: str) -> None:
    """The player's chance and the aliens' add up to one, and every alien's value is
    the aliens' side's."""
    s = _solitaire(difficulty, 5, 8)
    model = evaluation.solitaire_model()
    values = array("d", [0.0] * s.n_players)
    model.values(s, values)
    assert 0.0 < values[0] < 1.0
    assert all(values[p] == pytest.approx(1.0 - values[0]) for p in range(1, s.n_players))


def test_the_aliens_savings_count_against_the_player() -> None:
    """An alien's fleet bank is CP it will spend on ships (features: its cp), so fuller
    banks lower the player's chance."""
    s = _solitaire("easy", 7, 6)
    model = evaluation.solitaire_model()
    before = model.value(s, 0)
    for p in range(1, s.n_players):
        s.alien_bank[p * data.N_BANKS + data.BANK_FLEET] += 150
    assert feature_matrix(s)[1][FEATURE_NAMES.index("cp")] >= 150
    assert model.value(s, 0) < before
