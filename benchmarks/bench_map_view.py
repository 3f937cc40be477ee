"""Frame times of the hex map on the 4-player board at several zoom levels.

Run from the repo root (no display needed)::

    .venv/bin/python benchmarks/bench_map_view.py [--frames N] [--json]

The map (a real :class:`~se4x_qt.map.hexmap.HexMapView`, 1280 x 800, showing a
seeded 4-player game in mid-game) renders its viewport into a QImage with
``view.render`` again and again; each zoom level is timed three ways in the
same process:

* ``lod``: the normal drawing, level of detail on;
* ``full``: the same view with level of detail off (every counter and
  marker drawn in full whatever the zoom) - the ratio shows what LOD saves;
* ``empty``: the same view of an empty scene (only the star background) -
  the floor, what a frame costs with nothing on the board.

Figures are mean and 95th percentile milliseconds per frame.  Nothing here
is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import se4x_qt  # noqa: E402,F401  (protects None before the first Qt call)
from se4x_core.ai.heuristic_bot import choose_heuristic  # noqa: E402
from se4x_core.game import Game  # noqa: E402
from se4x_qt.map import art  # noqa: E402
from se4x_qt.map.hexmap import HexMapView  # noqa: E402

ZOOMS = (0.25, 0.5, 1.0, 2.0)
SIZE = (1280, 800)


def midgame(seed: int = 3, actions: int = 500) -> Game:
    """A seeded 4-player game after ``actions`` bot actions, at a Movement phase."""
    game = Game.new_game({"players": 4, "seed": seed})
    rnd = random.Random(seed)
    done = 0
    while not game.is_over and (done < actions or game.phase != "movement"):
        game.apply(choose_heuristic(game.observation(game.current_player), game.legal_codes(), rnd))
        done += 1
    return game


def frame_times(view: HexMapView, zoom: float, frames: int) -> list[float]:
    """Milliseconds per ``view.render`` of the viewport, centred on the board."""
    view.set_zoom(zoom)
    view.centerOn(view.sceneRect().center())
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    times = []
    for i in range(frames + 2):
        painter = QPainter(image)
        painter.setRenderHints(view.renderHints())
        start = time.perf_counter()
        view.render(painter)
        painter.end()
        if i >= 2:  # the first frames warm caches (fonts, the star tile)
            times.append((time.perf_counter() - start) * 1000)
    return times


def first_frame_times(view: HexMapView, zoom: float, repeats: int) -> list[float]:
    """Milliseconds of the first frame after a zoom change (item caches rebuilt)."""
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    times = []
    for i in range(repeats):
        view.set_zoom(zoom * (1.0 + 0.002 * (i % 2 + 1)))  # a new scale: caches invalid
        view.centerOn(view.sceneRect().center())
        painter = QPainter(image)
        painter.setRenderHints(view.renderHints())
        start = time.perf_counter()
        view.render(painter)
        painter.end()
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"mean_ms": statistics.fmean(times), "p95_ms": p95}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40, help="frames per measurement")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    game = midgame()
    obs = game.observation(game.current_player)

    view = HexMapView()
    view.resize(*SIZE)
    view.show()
    view.show_observation(obs, movable_now=True)
    empty = HexMapView()
    empty.resize(*SIZE)
    empty.show()
    empty.set_board(obs["board"])
    empty.scene().clear()
    empty.setSceneRect(view.sceneRect())
    app.processEvents()

    results: dict[str, dict[str, dict[str, float]]] = {}
    for zoom in ZOOMS:
        view.scene().set_lod_enabled(True)
        cold = summary(first_frame_times(view, zoom, max(4, args.frames // 4)))
        lod = summary(frame_times(view, zoom, args.frames))
        view.scene().set_lod_enabled(False)
        full = summary(first_frame_times(view, zoom, max(4, args.frames // 4)))
        view.scene().set_lod_enabled(True)
        floor = summary(frame_times(empty, zoom, args.frames))
        results[f"{zoom:g}"] = {"lod": lod, "first": cold, "full": full, "empty": floor}

    items = len(view.scene().items())
    if args.json:
        print(json.dumps({"board": obs["board"], "items": items, "size": SIZE,
                          "frames": args.frames, "zoom": results}))
    else:
        print(f"Map view, {obs['board']} board, {items} items, {SIZE[0]}x{SIZE[1]} viewport, "
              f"{args.frames} frames each (view.render into a QImage)")
        print("ms per frame; 'first' = first frame after a zoom change (item caches rebuilt);"
              " 'no LOD' = same view drawn in full detail; 'empty' = background only")
        print(f"{'zoom':>6} {'mean':>7} {'p95':>7} {'first':>7} {'first p95':>10} "
              f"{'no-LOD first':>13} {'LOD gain':>9} {'empty':>7} {'vs empty':>9}")
        for zoom, r in results.items():
            gain = r["full"]["mean_ms"] / r["first"]["mean_ms"]
            over = r["lod"]["mean_ms"] / r["empty"]["mean_ms"]
            print(f"{zoom:>6} {r['lod']['mean_ms']:>7.2f} {r['lod']['p95_ms']:>7.2f} "
                  f"{r['first']['mean_ms']:>7.2f} {r['first']['p95_ms']:>10.2f} "
                  f"{r['full']['mean_ms']:>13.2f} {gain:>8.2f}x {r['empty']['mean_ms']:>7.2f} "
                  f"{over:>8.2f}x")
    view.close()
    empty.close()
    art.release_caches()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
