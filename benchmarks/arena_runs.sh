#!/usr/bin/env bash
# Strength runs: the bot pairings whose win rates (with 95% confidence
# intervals and the time per decision) we report.  Benchmarks, not tests:
# they take minutes, assert nothing, and their figures are read, not checked
# (the reference each rate is read against is parity, 1/players, printed
# beside it).  The arena's own behaviour is tested in tests/cli/test_arena.py.
#
# Usage, from the repository root after `bash tools/install.sh`:
#   bash benchmarks/arena_runs.sh            # every run, as text tables
#   bash benchmarks/arena_runs.sh --json     # ... as JSON, one object per run
#   WORKERS=4 bash benchmarks/arena_runs.sh  # worker processes (default: all cores)
#
# Every run is 200 games on paired seeds (each seed played with BOT_A in
# every seat), seed 0, so a rerun gives the same games.  Add a pairing as one
# `run` line: BOT_A BOT_B, then any `se4x arena` options.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
EXTRA=("$@")
WORKER_ARGS=()
if [[ -n "${WORKERS:-}" ]]; then
    WORKER_ARGS=(--workers "$WORKERS")
fi

# (The `${a[@]+...}` forms keep empty arrays working under `set -u` in old bash.)
run() {
    echo "== se4x arena $*" >&2
    "$PYTHON" -m se4x_core.devtools.cli arena "$@" --games 200 --seed 0 \
        ${WORKER_ARGS[@]+"${WORKER_ARGS[@]}"} ${EXTRA[@]+"${EXTRA[@]}"}
    echo
}

# The first pairing: the rule-of-thumb heuristic bot against random play.
run heuristic random --players 2 --board standard --max-rounds 40
# The rule bot (Easy): its win rate, and beside it the CP it loses to the carry-over
# cap, the games that reach the round cap and its mean rounds to a decisive win.
run rule random --players 2 --board standard --max-rounds 40
run rule heuristic --players 2 --board standard --max-rounds 40
run rule rule --players 2 --board standard --max-rounds 40
# The rule bot compiled (se4x_core/sim/policy.py, the search's playout policy), played
# on its information set: against the rule bot it was ported from, the heuristic
# policy it replaces in playouts, and random play.
run policy rule --players 2 --board standard --max-rounds 40
run policy heuristic --players 2 --board standard --max-rounds 40
run policy random --players 2 --board standard --max-rounds 40
# The search levels (guided by the rule bot; see se4x_core/ai/mcts_bot.py).
# An iteration budget makes a run reproducible on any machine; `normal` is
# the app's level (0.1 s of search per battle decision).
run guided:i200 rule --players 2 --board standard --max-rounds 40
run guided:i200 random --players 2 --board standard --max-rounds 40
run normal rule --players 2 --board standard --max-rounds 40
run guided:0.3 guided:0.1 --players 2 --board standard --max-rounds 40
run guided:0.1 guided:0.03 --players 2 --board standard --max-rounds 40
run guided:i200 rule --players 4 --board standard --max-rounds 40
# Unguided search, for comparison: it lost every game to the rule bot.
run mcts:i200 rule --players 2 --board standard --max-rounds 40
