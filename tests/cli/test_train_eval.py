"""``se4x train-eval``: the plan of games, the fitting's arithmetic, and the whole
command on a tiny data set in a temporary folder.

Not marked core (like test_arena): the compiled code it plays with is tested
in tests/sim; here the command's parsing, data handling, training and output.
Nothing asserts on time or on how good a model fitted on a few games is.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from se4x_core import data
from se4x_core.devtools import cli, train_eval
from se4x_core.devtools import win_training as wt
from se4x_core.devtools.train_plan import Plan, plan_games
from se4x_core.game import Game
from se4x_core.sim import evaluation
from se4x_core.sim.features import FEATURE_NAMES

pytestmark = pytest.mark.fast

TINY = ["--games", "8", "--max-rounds", "6", "--iterations", "40", "--seed", "3",
        "--players", "2=2,3=1,4=1", "--advanced-share", "0.5", "--teams-share", "0.5"]


# -- the plan ----------------------------------------------------------------------------------
def test_the_plan_is_reproducible_and_varied() -> None:
    games = plan_games(Plan(games=200, seed=40))
    assert games == plan_games(Plan(games=200, seed=40))
    assert [g.seed for g in games] == list(range(40, 240))
    assert {g.players for g in games} == {2, 3, 4}
    assert {g.board for g in games if g.players == 2} == {"small", "standard", "large"}
    assert any(g.teams for g in games) and any(g.advanced for g in games)
    assert {bot for g in games for bot in g.seats} == {"rule", "heuristic", "random"}
    for game in games[:40]:  # every table is a valid game
        Game.new_game(game.config())
        assert all(name in data.ADVANCED_RULES for name in game.advanced)


def test_sides_follow_the_teams() -> None:
    games = [g for g in plan_games(Plan(games=300, seed=1)) if g.teams]
    for game in games:
        sides = game.sides()
        for k, team in enumerate(game.teams or ()):
            assert all(sides[p] == k for p in team)


# -- the fitting's arithmetic --------------------------------------------------------------------
def _random_positions(n: int = 12, features: int = 5, seed: int = 0) -> wt.Positions:
    """Random positions, some in teams and with eliminated players, results shared too."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, wt.MAXP, features))
    players = rng.integers(2, 5, size=n)
    mask = np.zeros((n, wt.MAXP), dtype=bool)
    side = np.full((n, wt.MAXP), -1)
    target = np.zeros((n, wt.MAXP))
    for i, k in enumerate(players):
        mask[i, :k] = True
        mask[i, rng.integers(k)] = k < 3 or rng.random() < 0.5
        side[i, :k] = [0, 1, 0, 1][:k] if i % 3 == 0 and k > 2 else range(k)
        living = np.flatnonzero(mask[i])
        leaders = rng.choice(living, size=1 + (i % 4 == 0), replace=False)
        target[i, leaders] = 1.0 / len(leaders)
    return wt.Positions(x, mask, side, target, np.abs(x[:, :, 0]) + 1, np.arange(n), np.ones(n),
                        players)


@pytest.mark.parametrize("kind", ["logit", "mlp"])
def test_the_gradient_is_the_losss_slope(kind: str) -> None:
    """Analytic gradients equal central finite differences (teams, ties and the
    eliminated included)."""
    positions = _random_positions()
    standardiser = wt.Standardiser.fit(positions)
    batch = wt.Batch.of(positions, standardiser)
    params = wt._initial(kind, 5, 4, seed=1)
    if kind == "logit":
        params["w"] = np.random.default_rng(2).normal(size=5)
    loss, grads = wt._gradients(kind, params, batch, l2=0.01)
    for name, value in params.items():
        flat = value.reshape(-1)
        for i in range(flat.size):
            keep = flat[i]
            flat[i] = keep + 1e-6
            up = wt._gradients(kind, params, batch, 0.01)[0]
            flat[i] = keep - 1e-6
            down = wt._gradients(kind, params, batch, 0.01)[0]
            flat[i] = keep
            assert (up - down) / 2e-6 == pytest.approx(grads[name].reshape(-1)[i], abs=1e-6)
    assert np.isfinite(loss)


def test_probabilities_are_per_side_and_zero_for_the_eliminated() -> None:
    positions = _random_positions()
    model = wt.fit("logit", positions, positions, 1e-3, settings=wt.FitSettings(iterations=20))
    p = model.player_probabilities(positions)
    assert np.all(p[~positions.mask] == 0.0)
    assert np.allclose(p.sum(axis=1), 1.0)
    assert np.allclose(model.side_probabilities(positions).sum(axis=1), 1.0)
    scores = wt.evaluate(wt.uniform(positions), positions)
    assert 0.0 <= scores.accuracy <= 1.0 and scores.log_loss > 0


def test_the_material_share_is_the_searchs_evaluate() -> None:
    positions = _random_positions()
    share = wt.material_share(positions)
    assert np.allclose(share.sum(axis=1), 1.0)
    table = wt.calibration(share, positions)
    assert sum(row["count"] for row in table) == int(positions.side_alive().sum())


# -- the command ------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_command_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, saved = tmp_path / "model.json", tmp_path / "positions.npz"
    status = cli.main(["train-eval", *TINY, "--out", str(out), "--save-data", str(saved)])
    assert status == 0
    printed = capsys.readouterr().out
    for words in ("test log-loss", "material share (ismcts.evaluate)", "calibration",
                  "learned: multinomial logit", "learned: MLP"):
        assert words in printed
    document = json.loads(out.read_text())
    assert document["feature_names"] == list(FEATURE_NAMES)
    assert document["provenance"]["command"].startswith("se4x train-eval --games 8")
    assert document["provenance"]["games"] == 8
    for kind in evaluation.KINDS:
        model = evaluation.load_model(out, kind)
        assert model.kind == kind
    for name in ("logit", "mlp", "material", "material_sharpened", "uniform"):
        assert name in document["report"]["test"]
    # the same model again from the saved positions alone
    again = tmp_path / "again.json"
    assert train_eval.main([*TINY[2:], "--games", "0", "--data", str(saved),
                            "--out", str(again)]) == 0
    assert json.loads(again.read_text())["models"] == document["models"]


def test_positions_survive_a_save(tmp_path: Path) -> None:
    specs = plan_games(Plan(games=2, seed=5, max_rounds=5))
    records = train_eval.play_all(specs, every=1, workers=1)
    positions = train_eval.positions_of(records)
    path = tmp_path / "p.npz"
    train_eval.save_positions(path, positions, {"note": "test"})
    loaded, meta = train_eval.load_positions(path)
    assert meta == {"note": "test"}
    assert np.array_equal(loaded.x, positions.x) and np.array_equal(loaded.side, positions.side)
    assert len(train_eval.merge([loaded, positions])) == 2 * len(positions)


@pytest.mark.parametrize("words,message", [
    (["--games", "0"], "--games"),
    (["--bots", "nonsense"], "unknown bot"),
    (["--players", "5"], "--players"),
    (["--boards", "huge"], "--boards"),
    (["--teams-share", "2"], "--teams-share"),
    (["--data", "/nonexistent.npz", "--games", "0"], "no file"),
])
def test_bad_options_exit_2(words: list[str], message: str,
                            capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["train-eval", *words]) == 2
    assert message in capsys.readouterr().err


def test_the_subcommand_is_listed() -> None:
    assert "train-eval" in cli.subcommands()
