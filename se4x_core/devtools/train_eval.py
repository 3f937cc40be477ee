"""``se4x train-eval``: play bot games, record positions, fit the win-probability model.

Why: the search scores the position where its look-ahead stops, and a
hand-made material share (``ismcts.evaluate``) is a guess at what wins.
This command learns the guess from games instead, end to end and
reproducibly: it

1. **plays** seeded games between bots (:func:`plan_games`: each seat's bot
   drawn from ``--bots`` by weight, the player count from ``--players``, the
   2-player board from ``--boards``; a share of the games with a random set of
   advanced rule sets, a share of the 3-4 player games in teams), at most
   ``--max-rounds`` rounds as ``se4x arena`` plays;
2. **records** every player's features (:mod:`se4x_core.sim.features`) after
   every ``--every``-th Economic Phase (where the search's playouts stop, so
   these are the positions it will ask about), with the search's material
   (``ismcts.strength``) for the comparison;
3. **labels** each position with the game's result: the winner (in team play
   the winning team; in the alien solitaire, ``--aliens``, the player or the alien
   players as one side, and at the round limit half each), or at the round limit
   the arena's tiebreak leaders
   (:func:`se4x_core.games.se4x.arena.tiebreak_leaders`: homeworld standing,
   then income, then fleet plus technology), who share the win when tied;
4. **splits** the games (never positions of one game on both sides) into
   training, validation and test sets, 70/15/15;
5. **fits** a multinomial logit and a one-hidden-layer MLP
   (:mod:`se4x_core.devtools.win_training`), each at the L2 strength of its
   best validation loss, and ships the one with the better validation loss
   as the default;
6. **reports** on the test set: log-loss, the favourite's accuracy and the
   Brier score of both models, of the material share used as a probability
   (raw and with its sharpness fitted on the training set) and of the
   uniform guess, and the shipped model's calibration table;
7. **writes** ``--out`` (default ``resources/eval/win_model.json``): both
   models' weights with the feature names, the report and the provenance
   (the command, games, seeds, bots) that reruns it.

``--save-data FILE.npz`` keeps the recorded positions and ``--data FILE.npz``
(repeatable) trains on saved ones instead of playing, e.g. the positions
of the search's own games for expert iteration; ``--workers`` plays games
in that many processes (default 1; the games and so the result are the same
for any number).
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import shlex
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from se4x_core import __version__
from se4x_core.ai.bot import ask
from se4x_core.ai.ismcts import strength
from se4x_core.ai.registry import make_bot
from se4x_core.devtools import win_training as wt
from se4x_core.devtools.train_plan import GameSpec, Plan, add_arguments, plan_games
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from se4x_core.gamekit.arena import ROUND_DECISION_LIMIT, ArenaError, bot_seed
from se4x_core.games.se4x.arena import tiebreak_leaders
from se4x_core.sim.features import FEATURE_NAMES, feature_matrix

MODEL_FORMAT = "se4x-win-model"
MODEL_VERSION = 1
SPLIT = (0.70, 0.15)  # training and validation shares of the games; the rest is the test set
L2_GRID = {"logit": (1e-4, 1e-3, 1e-2), "mlp": (1e-4, 1e-3)}


# -- playing and recording -------------------------------------------------------------------------
@dataclass
class GameRecord:
    """The positions of one game and how it ended."""

    spec: GameSpec
    features: np.ndarray  # (positions, players, features)
    alive: np.ndarray  # (positions, players)
    material: np.ndarray  # (positions, players): ismcts.strength
    rounds: np.ndarray  # (positions,)
    target: list[float]  # each player's share of the win
    outcome: str  # "win", "tiebreak" or "draw"
    rounds_played: int


def play_and_record(spec: GameSpec, every: int = 1) -> GameRecord:
    """Play one game to its end, recording positions after every ``every``-th
    Economic Phase (run in a worker process too)."""
    game = Game.new_game(spec.config())
    bots = [make_bot(name, bot_seed(spec.seed, seat)) for seat, name in enumerate(spec.seats)]
    for bot in bots:
        bot.restart()
    rows: list[tuple[list[list[float]], list[int], list[float], int]] = []
    phases = 0
    decisions, round_seen = 0, -1
    while not game.is_over:
        seat = game.current_player
        action = ask(bots[seat], game, seat)
        try:
            events = game.apply(action)
        except IllegalActionError as exc:
            raise ArenaError(f"seed {spec.seed}, {spec.seats[seat]!r} as player {seat}: "
                             f"illegal action: {exc}") from None
        decisions = decisions + 1 if game.state.round == round_seen else 0
        round_seen = game.state.round
        if decisions > ROUND_DECISION_LIMIT:
            raise ArenaError(f"seed {spec.seed}: {ROUND_DECISION_LIMIT} decisions in round "
                             f"{round_seen} without finishing it")
        if any(e["type"] == "economy_summary" for e in events) and not game.is_over:
            phases += 1
            if phases % every == 0:
                rows.append(_position(game))
    return _finish(spec, game, rows)


def _position(game: Game) -> tuple[list[list[float]], list[int], list[float], int]:
    s = game.state
    return (feature_matrix(s), [s.alive[p] for p in range(s.n_players)],
            [strength(s, p) for p in range(s.n_players)], s.round)


def _finish(spec: GameSpec, game: Game,
            rows: list[tuple[list[list[float]], list[int], list[float], int]]) -> GameRecord:
    if game.winner is not None:
        leaders, outcome = game.winners, "win"
    elif spec.aliens:  # the solitaire at its round limit: the player neither won nor lost
        target = [0.5] + [0.5 / (spec.players - 1)] * (spec.players - 1)
        return _record(spec, game, rows, target, "draw")
    else:
        history = game.history
        leaders = tiebreak_leaders(game.observation(0)["alive"], history[-1] if history else [])
        outcome = "tiebreak" if len(leaders) == 1 else "draw"
    target = [1.0 / len(leaders) if p in leaders else 0.0 for p in range(spec.players)]
    return _record(spec, game, rows, target, outcome)


def _record(spec: GameSpec, game: Game,
            rows: list[tuple[list[list[float]], list[int], list[float], int]],
            target: list[float], outcome: str) -> GameRecord:
    n, players, width = len(rows), spec.players, len(FEATURE_NAMES)
    return GameRecord(
        spec,
        features=np.array([r[0] for r in rows], dtype=float).reshape(n, players, width),
        alive=np.array([r[1] for r in rows], dtype=bool).reshape(n, players),
        material=np.array([r[2] for r in rows], dtype=float).reshape(n, players),
        rounds=np.array([r[3] for r in rows], dtype=np.int64),
        target=target, outcome=outcome, rounds_played=game.state.round)


def play_all(specs: Sequence[GameSpec], every: int, workers: int,
             progress: bool = False) -> list[GameRecord]:
    """Every game, in order (in ``workers`` processes, spawned clean as the arena's)."""
    if workers <= 1:
        out = []
        for done, spec in enumerate(specs, start=1):
            out.append(play_and_record(spec, every))
            _progress(progress, done, len(specs))
        return out
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(play_and_record, spec, every) for spec in specs]
        results = []
        for done, future in enumerate(futures, start=1):
            results.append(future.result())
            _progress(progress, done, len(specs))
        return results


def _progress(shown: bool, done: int, total: int) -> None:
    if shown:
        print(f"\r{done}/{total} games", end="\n" if done == total else "", file=sys.stderr,
              flush=True)


# -- the data set ----------------------------------------------------------------------------------
def positions_of(records: Sequence[GameRecord], first_game: int = 0) -> wt.Positions:
    """The recorded positions as padded arrays (see :mod:`win_training`); game ids are
    ``first_game`` + the record's index."""
    xs, masks, sides, targets, materials, games, rounds, players = [], [], [], [], [], [], [], []
    width = len(FEATURE_NAMES)
    for index, record in enumerate(records):
        n, k = record.alive.shape
        x = np.zeros((n, wt.MAXP, width))
        x[:, :k] = record.features
        mask = np.zeros((n, wt.MAXP), dtype=bool)
        mask[:, :k] = record.alive
        side = np.full((n, wt.MAXP), -1, dtype=np.int64)
        side[:, :k] = record.spec.sides()
        target = np.zeros((n, wt.MAXP))
        target[:, :k] = record.target
        material = np.zeros((n, wt.MAXP))
        material[:, :k] = record.material
        xs.append(x)
        masks.append(mask)
        sides.append(side)
        targets.append(target)
        materials.append(material)
        games.append(np.full(n, first_game + index, dtype=np.int64))
        rounds.append(record.rounds)
        players.append(np.full(n, k, dtype=np.int64))
    if not xs:
        raise ValueError("no positions recorded: play more games or longer ones")
    return wt.Positions(np.concatenate(xs), np.concatenate(masks), np.concatenate(sides),
                        np.concatenate(targets), np.concatenate(materials),
                        np.concatenate(games), np.concatenate(rounds),
                        np.concatenate(players))


def save_positions(path: Path, positions: wt.Positions, meta: dict[str, Any]) -> None:
    """The positions as a compressed ``.npz`` with the feature names and provenance."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, x=positions.x, mask=positions.mask,
                        side=positions.side, target=positions.target,
                        material=positions.material, game=positions.game,
                        round=positions.round, players=positions.players,
                        feature_names=np.array(FEATURE_NAMES), meta=np.array(json.dumps(meta)))


def load_positions(path: Path) -> tuple[wt.Positions, dict[str, Any]]:
    """Positions saved by :func:`save_positions`; ValueError if their features differ."""
    with np.load(path) as saved:
        names = tuple(str(n) for n in saved["feature_names"])
        if names != FEATURE_NAMES:
            raise ValueError(f"{path}: recorded with other features than these "
                             f"({len(names)} against {len(FEATURE_NAMES)}); record it again")
        positions = wt.Positions(saved["x"].astype(float), saved["mask"], saved["side"],
                                 saved["target"], saved["material"], saved["game"],
                                 saved["round"], saved["players"])
        return positions, json.loads(str(saved["meta"]))


def merge(parts: Sequence[wt.Positions]) -> wt.Positions:
    """Several data sets as one, their game ids kept apart."""
    out, offset = [], 0
    for part in parts:
        out.append(wt.Positions(part.x, part.mask, part.side, part.target, part.material,
                                part.game + offset, part.round, part.players))
        offset += int(part.game.max()) + 1 if len(part) else 0
    return wt.Positions(*(np.concatenate([getattr(p, name) for p in out])
                          for name in ("x", "mask", "side", "target", "material", "game",
                                       "round", "players")))


def split_games(positions: wt.Positions, seed: int) -> tuple[wt.Positions, ...]:
    """Training, validation and test sets, whole games each (a seeded shuffle of the games)."""
    games = np.unique(positions.game)
    np.random.default_rng(seed).shuffle(games)
    first = int(round(SPLIT[0] * len(games)))
    second = first + int(round(SPLIT[1] * len(games)))
    parts = (games[:first], games[first:second], games[second:])
    return tuple(positions.subset(np.isin(positions.game, part)) for part in parts)


# -- training and the report --------------------------------------------------------------------
@dataclass
class Trained:
    """Both models and every figure the report shows."""

    models: dict[str, wt.Model]
    default: str
    report: dict[str, Any]


def train(positions: wt.Positions, seed: int, hidden: int,
          settings: wt.FitSettings) -> Trained:
    """Fit both models, choose the default by validation loss, judge all on the test set."""
    train_set, valid_set, test_set = split_games(positions, seed)
    if min(len(train_set), len(valid_set), len(test_set)) == 0:
        raise ValueError("too few games to split into training, validation and test sets "
                         f"({len(np.unique(positions.game))} games)")
    models = {kind: wt.select(kind, train_set, valid_set, L2_GRID[kind], hidden, settings)
              for kind in ("logit", "mlp")}
    valid_loss = {kind: wt.evaluate(m.side_probabilities(valid_set), valid_set).log_loss
                  for kind, m in models.items()}
    default = min(valid_loss, key=lambda kind: valid_loss[kind])
    sharpness = wt.fit_sharpness(train_set)
    report: dict[str, Any] = {
        "games": {"train": _count_games(train_set), "validation": _count_games(valid_set),
                  "test": _count_games(test_set)},
        "positions": {"train": len(train_set), "validation": len(valid_set),
                      "test": len(test_set)},
        "default": default, "material_sharpness": sharpness,
        "train": _scores(models, train_set, sharpness),
        "validation": _scores(models, valid_set, sharpness),
        "test": _scores(models, test_set, sharpness),
        "test_by_players": {str(k): _scores(models, test_set.subset(test_set.players == k),
                                            sharpness)
                            for k in np.unique(test_set.players).tolist()},
        "calibration": wt.calibration(models[default].side_probabilities(test_set), test_set),
        "calibration_material": wt.calibration(wt.material_share(test_set), test_set),
        "settings": {kind: {"l2": m.l2, "iterations": m.iterations}
                     for kind, m in models.items()},
    }
    return Trained(models, default, report)


def _count_games(positions: wt.Positions) -> int:
    return int(len(np.unique(positions.game)))


def _scores(models: dict[str, wt.Model], positions: wt.Positions,
            sharpness: float) -> dict[str, dict[str, float]]:
    """Every predictor's scores on ``positions``."""
    predictors = {kind: model.side_probabilities(positions) for kind, model in models.items()}
    predictors["material"] = wt.material_share(positions)
    predictors["material_sharpened"] = wt.material_share(positions, sharpness)
    predictors["uniform"] = wt.uniform(positions)
    return {name: wt.evaluate(p, positions).as_json() for name, p in predictors.items()}


def model_document(trained: Trained, provenance: dict[str, Any]) -> dict[str, Any]:
    """The model file: format, version, feature names, both models, report, provenance."""
    return {"format": MODEL_FORMAT, "version": MODEL_VERSION,
            "feature_names": list(FEATURE_NAMES), "default": trained.default,
            "models": {kind: {"kind": kind, **m.to_json()} for kind, m in trained.models.items()},
            "report": trained.report, "provenance": provenance}


_PREDICTOR_LABELS = (
    ("logit", "learned: multinomial logit"),
    ("mlp", "learned: MLP, one hidden layer"),
    ("material", "material share (ismcts.evaluate)"),
    ("material_sharpened", "material share, sharpness fitted"),
    ("uniform", "uniform over living sides"),
)


def format_report(report: dict[str, Any], data_line: str) -> str:
    """The readable training report."""
    lines = [data_line,
             "split by game: " + ", ".join(
                 f"{name} {report['games'][name]} games / {report['positions'][name]} positions"
                 for name in ("train", "validation", "test")),
             f"shipped by validation log-loss: {report['default']}; "
             f"L2 {report['settings']['logit']['l2']:g} (logit), "
             f"{report['settings']['mlp']['l2']:g} (mlp); material sharpness fitted on the "
             f"training set: {report['material_sharpness']:.2f}",
             "",
             f"{'':36} {'train':>7} {'test log-loss':>13} {'test accuracy':>13} "
             f"{'test Brier':>10}"]
    for key, label in _PREDICTOR_LABELS:
        test, train_ = report["test"][key], report["train"][key]
        lines.append(f"{label:36} {train_['log_loss']:7.4f} {test['log_loss']:13.4f} "
                     f"{100 * test['accuracy']:11.1f} % {test['brier']:10.4f}")
    lines += ["(log-loss: mean -log P(the result), per position; accuracy: the favourite "
              "won; ties share)", "", "test log-loss / accuracy by players at the table:"]
    for players, scores in report["test_by_players"].items():
        parts = [f"{key} {scores[key]['log_loss']:.4f} / {100 * scores[key]['accuracy']:.1f} %"
                 for key in ("logit", "mlp", "material", "uniform")]
        lines.append(f"  {players} players ({scores['logit']['positions']} positions): "
                     + ", ".join(parts))
    lines += ["", f"calibration on the test set ({report['default']}; material share beside):",
              f"  {'predicted':>11} {'sides':>6} {'mean P':>7} {'won':>7}   "
              f"{'sides':>6} {'mean P':>7} {'won':>7}"]
    for row, base in zip(report["calibration"], report["calibration_material"], strict=True):
        lines.append(f"  {row['low']:4.1f}-{row['high']:3.1f}   {_cal(row)}   {_cal(base)}")
    return "\n".join(lines)


def _cal(row: dict[str, float]) -> str:
    if not row["count"]:
        return f"{0:>6} {'-':>7} {'-':>7}"
    return f"{row['count']:>6} {row['predicted']:7.3f} {row['observed']:7.3f}"


# -- the command ---------------------------------------------------------------------------------
def _check(args: argparse.Namespace) -> str | None:
    """The first bad option, as a message."""
    if args.games < 0 or (args.games == 0 and not args.data):
        return "--games: must be >= 1 (or 0 with --data)"
    for name in ("max_rounds", "every", "workers", "hidden", "iterations"):
        if getattr(args, name) < 1:
            return f"--{name.replace('_', '-')}: must be >= 1"
    for share in ("advanced_share", "teams_share"):
        if not 0.0 <= getattr(args, share) <= 1.0:
            return f"--{share.replace('_', '-')}: must lie in [0, 1]"
    for spec, _ in args.bots:
        try:
            make_bot(spec, 0)
        except ValueError as exc:
            return f"--bots: {exc}"
    for players, _ in args.players:
        if players not in (2, 3, 4):
            return f"--players: {players} players (2, 3 or 4)"
    for board, _ in args.boards:
        if board not in ("small", "standard", "large"):
            return f"--boards: {board!r} (small, standard or large)"
    for path in args.data:
        if not path.is_file():
            return f"--data: no file {path}"
    return None


def plan_of(args: argparse.Namespace) -> Plan:
    return Plan(games=args.games, seed=args.seed, bots=tuple(args.bots),
                players=tuple(args.players), boards=tuple(args.boards),
                advanced_share=args.advanced_share, teams_share=args.teams_share,
                max_rounds=args.max_rounds, aliens=tuple(args.aliens))


def run(args: argparse.Namespace, command: Sequence[str]) -> int:
    """Play (or load), train, report and write; 2 for bad options, 1 if a game failed.
    ``command`` is the command line as typed, kept in the model file's provenance."""
    problem = _check(args)
    if problem:
        print(f"se4x train-eval: error: {problem}", file=sys.stderr)
        return 2
    plan = plan_of(args)
    start = time.perf_counter()
    parts, sources = [], []
    records: list[GameRecord] = []
    if plan.games:
        try:
            records = play_all(plan_games(plan), args.every, args.workers,
                               progress=sys.stderr.isatty())
        except ArenaError as exc:
            print(f"se4x train-eval: game stopped: {exc}", file=sys.stderr)
            return 1
        played = positions_of(records)
        parts.append(played)
        sources.append(_played_provenance(plan, args.every, records))
        if args.save_data:
            save_positions(args.save_data, played, sources[-1])
    for path in args.data:
        loaded, meta = load_positions(path)
        parts.append(loaded)
        sources.append({"file": str(path), **meta})
    play_seconds = time.perf_counter() - start
    positions = merge(parts)
    settings = wt.FitSettings(iterations=args.iterations, seed=args.seed)
    trained = train(positions, args.seed, args.hidden, settings)
    trained.report["seconds"] = {"games": play_seconds,
                                 "training": time.perf_counter() - start - play_seconds}
    provenance = {"command": shlex.join(command),
                  "se4x_version": __version__,
                  "created": datetime.date.today().isoformat(),
                  "games": int(len(np.unique(positions.game))), "positions": len(positions),
                  "sources": sources}
    document = model_document(trained, provenance)
    if not args.no_write:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(document, indent=1) + "\n")
    if args.json:
        print(json.dumps(trained.report, indent=2))
    else:
        print(format_report(trained.report, _data_line(positions, records, play_seconds)))
        print("" if args.no_write else f"\nwrote {args.out}")
    return 0


def _played_provenance(plan: Plan, every: int, records: Sequence[GameRecord]) -> dict[str, Any]:
    outcomes = [r.outcome for r in records]
    return {"plan": asdict(plan), "every": every,
            "seeds": [plan.seed, plan.seed + plan.games - 1],
            "outcomes": {k: outcomes.count(k) for k in ("win", "tiebreak", "draw")},
            "mean_rounds": float(np.mean([r.rounds_played for r in records])) if records else 0}


def _data_line(positions: wt.Positions, records: Sequence[GameRecord], seconds: float) -> str:
    games = len(np.unique(positions.game))
    line = f"data: {games} games, {len(positions)} positions"
    if records:
        outcomes = [r.outcome for r in records]
        line += (f" ({len(records)} played here in {seconds:.0f} s: "
                 f"{outcomes.count('win')} won outright, {outcomes.count('tiebreak')} by "
                 f"the round-limit tiebreak, {outcomes.count('draw')} drawn)")
    return line


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m se4x_core.devtools.train_eval",
                                     description=(__doc__ or "").split("\n\n")[0])
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    return run(args, ["python", "-m", "se4x_core.devtools.train_eval", *argv])


if __name__ == "__main__":
    sys.exit(main())
