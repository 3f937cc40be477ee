"""``se4x battle``: the issue's spec, bad input, and no Qt on the headless path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from se4x_core.devtools.cli import main

pytestmark = pytest.mark.fast

# Not marked core (like test_arena): the commands' parsing, output and errors are the
# same in both modes, and the engine under them runs interpreted in the core tests.

ROOT = Path(__file__).resolve().parents[2]

ISSUE_SPEC = {
    "terrain": "open",
    "attacker": {"tech": {"attack": 0, "defense": 0, "tactics": 0},
                 "units": [{"type": "DD", "count": 3}]},
    "defender": {"tech": {"attack": 1, "defense": 1, "tactics": 0},
                 "units": [{"type": "CA", "count": 2, "defense": 0}]},
}


def write_spec(tmp_path: Path, spec: object, name: str = "spec.json") -> str:
    path = tmp_path / name
    path.write_text(spec if isinstance(spec, str) else json.dumps(spec), encoding="utf-8")
    return str(path)


def test_issue_spec_json_fractions_sum_to_one(tmp_path, capsys) -> None:
    assert main(["battle", write_spec(tmp_path, ISSUE_SPEC), "--trials", "4000",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["trials"] == 4000
    total = report["attacker_wins"] + report["defender_wins"] + report["draws"]
    assert total == pytest.approx(1.0, abs=1e-12)
    assert 0 < report["attacker_wins"] < report["defender_wins"]
    assert report["mean_rounds"] >= 1
    defenders = report["survivors_by_unit"]["defender"]
    assert defenders[0]["type"] == "CA" and 0 <= defenders[0]["mean_survivors"] <= 2
    assert report["spec"]["defender"]["units"][0] == {
        "type": "CA", "count": 2, "attack": 1, "defense": 0, "tactics": 0, "fighters": 0,
        "point_defense": 0, "cloaking": 0, "scanners": 0, "mine_sweep": 0}


def test_text_report_is_deterministic(tmp_path, capsys) -> None:
    path = write_spec(tmp_path, ISSUE_SPEC)
    assert main(["battle", path, "--trials", "3000", "--seed", "4"]) == 0
    first = capsys.readouterr().out
    assert main(["battle", path, "--trials", "3000", "--seed", "4"]) == 0
    assert capsys.readouterr().out == first
    assert "Attacker wins" in first and "Defender wins" in first and "Mean rounds" in first


def test_default_trials_and_seed(tmp_path, capsys) -> None:
    assert main(["battle", write_spec(tmp_path, ISSUE_SPEC), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["trials"], report["seed"]) == (10000, 0)


def _with(path: tuple, value: object) -> dict:
    """ISSUE_SPEC with the item at ``path`` replaced (``...`` deletes it)."""
    spec = json.loads(json.dumps(ISSUE_SPEC))
    node = spec
    for key in path[:-1]:
        node = node[key]
    if value is ...:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return spec


BAD_SPECS = [
    pytest.param("{not json", "not valid JSON", id="not-json"),
    pytest.param([1, 2], "spec: must be a JSON object", id="not-object"),
    pytest.param(_with(("defender",), ...), "defender: missing", id="missing-side"),
    pytest.param(_with(("defender", "units", 0, "count"), 0),
                 "defender.units[0].count: must be an integer >= 1", id="count-0"),
    pytest.param(_with(("defender", "units", 0, "count"), "2"),
                 "defender.units[0].count: must be an integer >= 1", id="count-string"),
    pytest.param(_with(("defender", "units", 0, "count"), 1.5),
                 "defender.units[0].count: must be an integer >= 1", id="count-float"),
    pytest.param(_with(("defender", "units", 0, "count"), True),
                 "defender.units[0].count: must be an integer >= 1", id="count-bool"),
    pytest.param(_with(("attacker", "units", 0, "type"), "XX"),
                 "attacker.units[0].type: unknown unit type", id="unknown-type"),
    pytest.param(_with(("attacker", "units", 0, "count"), ...),
                 "attacker.units[0].count: missing", id="missing-count"),
    pytest.param(_with(("attacker", "tech", "attack"), 4),
                 "attacker.tech.attack: must be an integer from 0 to 3", id="tech-high"),
    pytest.param(_with(("defender", "units", 0, "tactics"), -1),
                 "defender.units[0].tactics: must be an integer from 0 to 3", id="override-low"),
    pytest.param(_with(("terrain",), "swamp"), "terrain: must be one of", id="terrain"),
    pytest.param(_with(("weather",), "rain"), "weather: unknown key", id="unknown-top-key"),
    pytest.param(_with(("attacker", "units", 0, "hull"), 2),
                 "attacker.units[0].hull: unknown key", id="unknown-unit-key"),
    pytest.param(_with(("attacker", "tech", "speed"), 1),
                 "attacker.tech.speed: unknown key", id="unknown-tech-key"),
    pytest.param(_with(("attacker", "units"), []),
                 "attacker.units: must be a non-empty list", id="no-units"),
    pytest.param(_with(("attacker", "tech", "cloaking"), 3),
                 "attacker.tech.cloaking: must be an integer from 0 to 2", id="advanced-tech"),
    pytest.param(_with(("attacker", "units", 0, "type"), "F"),
                 "attacker.units[0].fighters: a fighter (F) needs fighters 1 to 3",
                 id="fighter-without-fighters"),
    pytest.param(_with(("defender", "units", 0, "type"), "R"),
                 "defender.units[0].cloaking: a raider (R) needs cloaking 1 or 2",
                 id="raider-without-cloaking"),
    pytest.param(_with(("defender", "units", 0), {"type": "Mine", "count": 6}),
                 "defender.units[0].count: at most 5 Mine on a side", id="too-many-mines"),
]


# The advanced rules' units on both sides: the defender's two mines meet one
# minesweeper (Mine Sweep 1), so one is swept and the other destroys the
# attacker's dearest ship, the BB (the cloaked raider is spared).
ADVANCED_SPEC = {
    "terrain": "open",
    "attacker": {"tech": {"fighters": 2, "cloaking": 1, "mine_sweep": 1},
                 "units": [{"type": "CV", "count": 1}, {"type": "F", "count": 3},
                           {"type": "R", "count": 2}, {"type": "SW", "count": 1},
                           {"type": "BB", "count": 1}]},
    "defender": {"tech": {"point_defense": 1},
                 "units": [{"type": "SC", "count": 3}, {"type": "DD", "count": 2},
                           {"type": "Mine", "count": 2}, {"type": "MS", "count": 1}]},
}


def test_advanced_units_battle(tmp_path, capsys) -> None:
    """Carriers, fighters, raiders, minesweepers, mines and pipelines go through
    `se4x battle`; the BB the mine destroyed never survives."""
    path = write_spec(tmp_path, ADVANCED_SPEC)
    assert main(["battle", path, "--trials", "2000", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    total = report["attacker_wins"] + report["defender_wins"] + report["draws"]
    assert total == pytest.approx(1.0, abs=1e-12)
    attackers = report["survivors_by_unit"]["attacker"]
    assert [u["type"] for u in attackers] == ["CV", "F", "R", "SW", "BB"]
    assert attackers[4]["mean_survivors"] == 0  # destroyed by a mine before the battle
    defenders = report["survivors_by_unit"]["defender"]
    assert [u["type"] for u in defenders] == ["SC", "DD", "Mine", "MS"]
    assert defenders[2]["mean_survivors"] == 0  # one mine swept, one exploded
    assert report["spec"]["attacker"]["units"][1]["fighters"] == 2
    assert main(["battle", path, "--trials", "2000"]) == 0
    assert "Attacker wins" in capsys.readouterr().out


def test_battle_report_shows_the_mines(tmp_path, capsys) -> None:
    """The text and the JSON report say what the mines did before the battle."""
    path = write_spec(tmp_path, ADVANCED_SPEC)
    assert main(["battle", path, "--trials", "500"]) == 0
    assert "Mines           2 (1 swept): destroyed 1 BB before the battle" in (
        capsys.readouterr().out)
    assert main(["battle", path, "--trials", "500", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mines"] == {
        "mines": 2, "swept": 1, "exploded": 1, "left_over": 0,
        "destroyed": [{"type": "BB", "count": 1}]}


def test_a_doomsday_machine_battle(tmp_path, capsys) -> None:
    """`se4x battle` takes a Doomsday Machine as the defender and says what it is."""
    spec = {"attacker": {"tech": {"attack": 2}, "units": [{"type": "BB", "count": 3}]},
            "defender": {"units": [{"type": "DM", "count": 1, "hits": 2}]}}
    path = write_spec(tmp_path, spec)
    assert main(["battle", path, "--trials", "2000"]) == 0
    text = capsys.readouterr().out
    assert "defender: a Doomsday Machine, 2 of 3 hits taken (class C, 9-2, fires twice" in text
    assert main(["battle", path, "--trials", "2000", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["spec"]["defender"]["units"] == [{"type": "DM", "count": 1, "hits": 2}]
    machine = report["survivors_by_unit"]["defender"][0]
    assert machine["mean_survivors"] == pytest.approx(report["defender_wins"])
    spec["attacker"], spec["defender"] = spec["defender"], spec["attacker"]
    assert main(["battle", write_spec(tmp_path, spec)]) == 2
    assert "is always the defender" in capsys.readouterr().err


@pytest.mark.parametrize(("spec", "message"), BAD_SPECS)
def test_malformed_spec_exits_2_naming_the_field(tmp_path, capsys, spec, message) -> None:
    assert main(["battle", write_spec(tmp_path, spec)]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_missing_file_exits_2(tmp_path, capsys) -> None:
    assert main(["battle", str(tmp_path / "nope.json")]) == 2
    assert "nope.json: no such file" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--trials", "0"], ["--trials", "ten"], ["--seed", "x"],
                                  ["--bogus"]])
def test_bad_arguments_exit_2(tmp_path, capsys, args) -> None:
    assert main(["battle", write_spec(tmp_path, ISSUE_SPEC), *args]) == 2
    assert "error" in capsys.readouterr().err


def test_battle_never_imports_qt(tmp_path) -> None:
    path = write_spec(tmp_path, ISSUE_SPEC)
    script = (
        "import sys\n"
        "from se4x_core.devtools.cli import main\n"
        f"assert main(['battle', {path!r}, '--trials', '200']) == 0\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'se4x_qt')))\n"
        "print('QT:', qt)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "QT: []" in result.stdout


def test_console_module_runs_as_a_program(tmp_path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "se4x_core.devtools.cli", "battle", write_spec(tmp_path, ISSUE_SPEC),
         "--trials", "500", "--json"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["trials"] == 500
    bad = subprocess.run([sys.executable, "-m", "se4x_core.devtools.cli", "battle",
                          write_spec(tmp_path, _with(("defender",), ...), "bad.json")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert bad.returncode == 2
    assert "defender: missing" in bad.stderr
