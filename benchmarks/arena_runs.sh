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
# Every run is on paired seeds (each seed played with BOT_A in every seat),
# from seed 0 unless a line gives another, so a rerun gives the same games (the
# levels' budgets are counted in samples and iterations, not seconds).  Add a
# pairing as one `run` line: GAMES BOT_A BOT_B, then any `se4x arena` options.
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
    local games="$1"
    shift
    echo "== se4x arena $* --games $games" >&2
    "$PYTHON" -m se4x_core.devtools.cli arena --seed 0 "$@" --games "$games" \
        ${WORKER_ARGS[@]+"${WORKER_ARGS[@]}"} ${EXTRA[@]+"${EXTRA[@]}"}
    echo
}

# Two players measured through a third on the same seeds, game by game
# (benchmarks/paired_arena.py: the sign test and the paired difference).  Add one as
# `paired GAMES BOT_A BOT_A2 BOT_C`, then any `se4x arena` options.
paired() {
    local games="$1" first="$2" second="$3" third="$4"
    shift 4
    local dir
    dir="$(mktemp -d)"
    echo "== paired: $first and $second, each against $third $* --games $games" >&2
    "$PYTHON" -m se4x_core.devtools.cli arena --seed 0 "$first" "$third" "$@" \
        --games "$games" ${WORKER_ARGS[@]+"${WORKER_ARGS[@]}"} --json >"$dir/first.json"
    "$PYTHON" -m se4x_core.devtools.cli arena --seed 0 "$second" "$third" "$@" \
        --games "$games" ${WORKER_ARGS[@]+"${WORKER_ARGS[@]}"} --json >"$dir/second.json"
    "$PYTHON" benchmarks/paired_arena.py "$dir/first.json" "$dir/second.json"
    rm -r "$dir"
    echo
}

# The first pairing: the rule-of-thumb heuristic bot against random play.
run 200 heuristic random --players 2 --board standard --max-rounds 40
# The rule bot (Easy): its win rate, and beside it the CP it loses to the carry-over
# cap, the games that reach the round cap and its mean rounds to a decisive win.
run 200 rule random --players 2 --board standard --max-rounds 40
run 200 rule heuristic --players 2 --board standard --max-rounds 40
run 200 rule rule --players 2 --board standard --max-rounds 40
# The levels: each against the one below (Easy is the rule bot), Normal against
# random play, and one Normal against three Easy with 4 players (parity 25 %).
run 200 normal rule --players 2 --board standard --max-rounds 40
run 200 normal rule --players 2 --board standard --max-rounds 40 --seed 100
# Hard against Easy, the rule bot of the sparring pool: 93.5 % of 200 (89.2-96.2 %).
run 200 hard rule --players 2 --board standard --max-rounds 40
# Hard's budget with the expert evaluation (the candidate Hard) against Easy: 96.0 %.
run 200 "search:s48b1500h2g@resources/eval/win_model_expert.json" rule --players 2 \
    --board standard --max-rounds 40
run 200 hard normal --players 2 --board standard --max-rounds 40
# Hard against Normal's search with the belief, uncapped (Normal since): 72.0 % of 200.
run 200 hard search:s4b50o --players 2 --board standard --max-rounds 40
# The belief head to head, Normal's search with it against the same without (fresh seeds
# 200-699): 52.0 % of 1,000; seeds 700-1199: 49.2 %; no difference shown in 2,400 games
# (docs/computer-players.md#opponent-modelling).
run 1000 search:s4b50o search:s4b50 --players 2 --board standard --max-rounds 40 --seed 200
run 1000 search:s4b50o search:s4b50 --players 2 --board standard --max-rounds 40 --seed 700
# What knowing a style is worth, measured through a third player on the same seeds
# (docs/computer-players.md#knowing-the-style; 1,000 games each, seeds 0-499).  The
# rule bot holding the raider's strategy beats Easy: Easy wins 32.0 % of 400.  Against
# it Normal's budget wins 59.3 %; the belief as it ships +0.0 points (-2.5 to +2.5);
# the raider assumed (^raider/ROUND, a measuring device) from round 1, 10 and 14:
# +7.3, +7.3 and +4.5.  Against Easy: the belief +0.3 (-1.4 to +2.0); the raider
# assumed from round 10, -3.1 (-5.6 to -0.6).
run 400 rule "rule:bold raid" --players 2 --board standard --max-rounds 40
for assumed in "" "^raider" "^raider/10" "^raider/14"; do
    paired 1000 "search:s4b50o$assumed" search:s4b50 "rule:bold raid" --players 2 \
        --board standard --max-rounds 40
done
for assumed in "" "^raider/10"; do
    paired 1000 "search:s4b50o$assumed" search:s4b50 rule --players 2 --board standard \
        --max-rounds 40
done
# The belief against the expander and the tech player, and each style assumed
# (docs/computer-players.md#other-styles): +0.4 and +0.8 against the expander, -0.8 and
# -0.8 against the tech player; none significant.
for pair in "expander|rule:default,land grab" "tech|rule:cautious,arms race"; do
    for assumed in "" "^${pair%%|*}"; do
        paired 1000 "search:s4b50o$assumed" search:s4b50 "${pair#*|}" --players 2 \
            --board standard --max-rounds 40
    done
done
# The levels against the rule raider (docs/computer-players.md#rule-raider): Normal
# 74.3 % of 400, Hard 76.0 % of 200; Normal's budget against the rule bot's other
# candidate styles (100 games each): turtle 100 %, tech 92.0 %, expander 88.0 %.
run 400 normal "rule:bold raid" --players 2 --board standard --max-rounds 40
run 200 hard "rule:bold raid" --players 2 --board standard --max-rounds 40
# The guard posture (docs/computer-players.md#guard): held all game it wins 2 of 40
# against the rule raider; weighed among the basic five (POSTURES with "guard" added,
# a probe not kept), Normal's budget against the raider over 1,000 paired games
# (seeds 0-499): 59.2 % against 59.3 % without it, -0.1 (-1.6 to +1.4), p 1.0.
run 40 "rule:guard" "rule:bold raid" --players 2 --board standard --max-rounds 40
# An opponent's own search modelled (search:...rN; docs/computer-players.md#modelling-a-search):
# Strongest's search against Hard's budget with the expert evaluation (seeds
# 1000-1049): without it 55.0 %, on 16 samples 59.0 % (+4.0 paired), on Hard's 48
# samples 65.0 % (+10.0), then 48.0 % on fresh seeds 2000-2049: 56.5 % of 200, no
# edge.  Normal's budget on 8 samples against the rule raider: +0.6 points (-2.9 to
# +4.1).  The level "hard" set to the expert evaluation for that run, against the
# expander: 97.0 % of 100.
for respond in r16 r48; do
    paired 100 "search:s96b1500h2${respond}gv@resources/eval/win_model_expert.json" \
        "search:s96b1500h2gv@resources/eval/win_model_expert.json" \
        "search:s48b1500h2g@resources/eval/win_model_expert.json" --players 2 \
        --board standard --max-rounds 40 --seed 1000
done
run 100 "search:s96b1500h2r48gv@resources/eval/win_model_expert.json" \
    "search:s48b1500h2g@resources/eval/win_model_expert.json" --players 2 \
    --board standard --max-rounds 40 --seed 2000
paired 1000 search:s4b50r8 search:s4b50 "rule:bold raid" --players 2 --board standard \
    --max-rounds 40
# Hard's budget with the model on 48 samples against Normal (uncapped), seeds 0-99:
# 61.5 % against 67.0 % without it, -5.5 (-12.5 to +1.5), p 0.16.
paired 200 search:s48b1500h2r48g search:s48b1500h2g "search:s4b50o~raider" --players 2 \
    --board standard --max-rounds 40
# A game matrix (search:...nP; docs/computer-players.md#game-matrix): Normal's budget,
# half on the equilibrium, against the rule raider over 1,000 paired games (seeds
# 0-499): 60.8 % against 59.3 % without it, +1.5 (-1.3 to +4.3), p 0.33; Hard's budget
# against Normal (uncapped), seeds 0-99: 65.0 % against 67.0 % without it, -2.0 (-7.2
# to +3.2), p 0.57, at 66 ms a decision against 16 ms.
paired 1000 search:s4b50n50 search:s4b50 "rule:bold raid" --players 2 --board standard \
    --max-rounds 40
paired 200 search:s48b1500h2n50g search:s48b1500h2g "search:s4b50o~raider" --players 2 \
    --board standard --max-rounds 40
# Strongest's search and Hard's budget with the expert evaluation (one process,
# uncapped), seeds 0-49: 89.0 % and 82.0 % (Hard on the same seeds: 69.0 %).
run 100 "search:s96b1500h2gv@resources/eval/win_model_expert.json" "rule:bold raid" \
    --players 2 --board standard --max-rounds 40
run 100 "search:s48b1500h2g@resources/eval/win_model_expert.json" "rule:bold raid" \
    --players 2 --board standard --max-rounds 40
# Normal's budget with the expert evaluation against the raider, paired with the same
# budget scoring with the shipped one (1,000 games, seeds 0-499): +10.4 points.
paired 1000 "search:s4b50@resources/eval/win_model_expert.json" search:s4b50 \
    "rule:bold raid" --players 2 --board standard --max-rounds 40
for style in "hold,fortify" "cautious,arms race" "default,land grab"; do
    run 100 search:s4b50 "rule:$style" --players 2 --board standard --max-rounds 40
done
# Searching sparring partners (search:...~STYLE: the style's posture and plan weighed
# first) against Normal's search with its belief and without (seeds 0-99): the rush
# 59.0 % and 58.0 %, the turtle 53.0 % and 53.0 %, the raider 31.0 % and 31.0 %, the
# tech player 52.0 % (with it), the expander 50.0 %; the searching raider against Easy
# 87.0 %; Hard's budget against the searching raider 64.0 %
# (docs/computer-players.md#styled-search).
for style in rush turtle raider tech expander; do
    run 200 search:s4b50o "search:s4b50~$style" --players 2 --board standard --max-rounds 40
done
for style in rush turtle raider; do
    run 200 search:s4b50 "search:s4b50~$style" --players 2 --board standard --max-rounds 40
done
run 200 search:s4b50o "search:s4b50~raider" --players 2 --board standard --max-rounds 40 \
    --seed 100  # fresh seeds: 38.0 %
run 200 "search:s4b50~raider" rule --players 2 --board standard --max-rounds 40
run 200 search:s48b1500h2g "search:s4b50~raider" --players 2 --board standard --max-rounds 40
# Normal's budget two rounds ahead against it, with the belief and without: 36.0 %, 35.5 %.
run 200 search:s4b50h2o "search:s4b50~raider" --players 2 --board standard --max-rounds 40
run 200 search:s4b50h2 "search:s4b50~raider" --players 2 --board standard --max-rounds 40
# Hard's budget with the belief (docs/computer-players.md#belief-two-rounds): against
# Hard's budget without it 47.5 %, against Normal 67.0 % (without it: 67.0 %).
run 200 search:s48b1500h2go search:s48b1500h2g --players 2 --board standard --max-rounds 40
run 200 search:s48b1500h2go "search:s4b50o~raider" --players 2 --board standard \
    --max-rounds 40
# Normal raids first (docs/computer-players.md#normal-raids-first): the level is
# search:s4b50o~raider with its cap.  Against Easy 88.5 %, against the Normal before it
# 70.5 %, the searching rush 57.0 %, turtle 58.0 %, tech player 62.5 %, expander 59.5 %;
# Hard's budget against it 67.0 % (seeds 0-99); on fresh seeds 100-199 see the docs.
run 200 "search:s4b50o~raider" rule --players 2 --board standard --max-rounds 40
run 200 "search:s4b50o~raider" rule --players 2 --board standard --max-rounds 40 --seed 100
run 200 "search:s4b50o~raider" search:s4b50o --players 2 --board standard --max-rounds 40
run 200 "search:s4b50o~raider" search:s4b50o --players 2 --board standard --max-rounds 40 \
    --seed 100
for style in rush turtle tech expander; do
    run 200 "search:s4b50o~raider" "search:s4b50~$style" --players 2 --board standard \
        --max-rounds 40
done
run 200 search:s48b1500h2g "search:s4b50o~raider" --players 2 --board standard --max-rounds 40
# ... and on fresh seeds 100-199: 62.0 % (64.5 % of the 400).
run 200 search:s48b1500h2g "search:s4b50o~raider" --players 2 --board standard --max-rounds 40 \
    --seed 100
run 200 "search:s48b1500h2g~raider" "search:s4b50o~raider" --players 2 --board standard \
    --max-rounds 40
# Hard's budget with the expert evaluation against it: 69.0 %; with Strongest's whole model
# (the modelled battle search too), 73.0 % of 100 (seeds 0-49).
run 100 "search:s48b1500h2gv@resources/eval/win_model_expert.json" "search:s4b50o~raider" \
    --players 2 --board standard --max-rounds 40
run 200 "search:s48b1500h2g@resources/eval/win_model_expert.json" "search:s4b50o~raider" \
    --players 2 --board standard --max-rounds 40
# ... and on fresh seeds 100-199: 69.0 % again (Hard 62.0 %), 69.0 % of the 400.
run 200 "search:s48b1500h2g@resources/eval/win_model_expert.json" "search:s4b50o~raider" \
    --players 2 --board standard --max-rounds 40 --seed 100
# A third round of expert iteration (docs/computer-players.md#the-learned-evaluation;
# the model is not shipped: build it with the train-eval commands there, as model3.json):
# as Strongest's against that Hard, 49.0 % of 100 (the expert model: 55.0 %).
# run 100 "search:s96b1500h2gv@model3.json" \
#     "search:s48b1500h2g@resources/eval/win_model_expert.json" \
#     --players 2 --board standard --max-rounds 40 --seed 1000
run 200 strongest hard --players 2 --board standard --max-rounds 40
run 100 strongest hard --players 2 --board standard --max-rounds 40 --seed 1000
run 100 strongest hard --players 2 --board standard --max-rounds 40 --seed 2000
# Hard's look-ahead and choice rule (docs/computer-players.md#hard-two-rounds-ahead):
# Hard's budget two rounds ahead with the margin, and greedy (Hard now, on one process).
run 100 search:s48b1500h2 normal --players 2 --board standard --max-rounds 40
run 200 search:s48b1500h2g normal --players 2 --board standard --max-rounds 40
# A stronger Normal (docs/computer-players.md#normal-spacing): more samples with the
# margin, and greedy on 12 samples (then Hard against it: the level "normal" set to
# Level(12, 1, 1, 0.25, 50, greedy=True) for that run, 55.5 % of 200).
run 200 search:s8b50 rule --players 2 --board standard --max-rounds 40
run 200 search:s12b50g rule --players 2 --board standard --max-rounds 40
# Greedy on 6 samples: 90.5 % of 400 against Easy (seeds 0-199), Hard 59.0 % against it.
run 400 search:s6b50g rule --players 2 --board standard --max-rounds 40
run 200 hard search:s6b50g --players 2 --board standard --max-rounds 40
# Hard's budget with the modelled battle search against it: 62.0 % of 200 (seeds 0-99;
# 68.0 % on 0-49, 56.0 % on 50-99), short of the 70 % a Hard above it needs.
run 200 search:s48b1500h2gv search:s6b50g --players 2 --board standard --max-rounds 40
# Normal's budget with no margin (a gain clear of one standard error): 87.2 % of 400
# against Easy (seeds 0-199), and Hard 66.0 % of 200 against it (seeds 0-99).
run 400 search:s4b50e rule --players 2 --board standard --max-rounds 40
run 200 hard search:s4b50e --players 2 --board standard --max-rounds 40
# Hard's budget with Strongest's model of the futures against it: 78.0 % of 200.
run 200 "search:s48b1500h2gv@resources/eval/win_model_expert.json" search:s4b50e \
    --players 2 --board standard --max-rounds 40
# Twice those samples against it: 46.0 % of 100 (seeds 1000-1049); three rounds ahead
# besides: 51.0 %. Neither is an edge over it.
run 100 "search:s96b1500h2gv@resources/eval/win_model_expert.json" \
    "search:s48b1500h2gv@resources/eval/win_model_expert.json" \
    --players 2 --board standard --max-rounds 40 --seed 1000
run 100 "search:s96b1500h3gv@resources/eval/win_model_expert.json" \
    "search:s48b1500h2gv@resources/eval/win_model_expert.json" \
    --players 2 --board standard --max-rounds 40 --seed 1000
# Strongest's search against the pool (seeds 0-49): the expander 96.0 % of 100, as Hard;
# the turtle 99.0 %, the rush 100 %, the raider 100 %, the tech player 99.0 %.
for style in expander turtle rush raider tech; do
    run 100 "search:s96b1500h2gv@resources/eval/win_model_expert.json" "style:$style" \
        --players 2 --board standard --max-rounds 40
done
# Strongest against Hard's search with the expert evaluation alone (no modelled
# battles): 55.0 % of 100 (seeds 1000-1049), short of the 60 % a split would need.
run 100 "search:s96b1500h2gv@resources/eval/win_model_expert.json" \
    "search:s48b1500h2g@resources/eval/win_model_expert.json" \
    --players 2 --board standard --max-rounds 40 --seed 1000
# Normal's budget with one thing more, against Easy (seeds 0-99; Normal 85.5 %): 300
# battle iterations 84.0 %, the belief 86.5 %, two rounds ahead 85.0 %, two attack targets
# as options 84.5 %, the expert evaluation 92.0 % (86.5 % on seeds 100-199); Hard against
# that Normal 68.0 % of 200. The expert evaluation on 3 samples: 88.0 % of 400 against
# Easy, Hard 63.0 % of 200 against it (docs/computer-players.md#normal-spacing).
for spec in search:s4b300 search:s4b50o search:s4b50h2 search:s4b50f2; do
    run 200 "$spec" rule --players 2 --board standard --max-rounds 40
done
run 200 "search:s4b50@resources/eval/win_model_expert.json" rule --players 2 \
    --board standard --max-rounds 40
run 200 "search:s4b50@resources/eval/win_model_expert.json" rule --players 2 \
    --board standard --max-rounds 40 --seed 100
run 200 hard "search:s4b50@resources/eval/win_model_expert.json" --players 2 \
    --board standard --max-rounds 40
run 400 "search:s3b50@resources/eval/win_model_expert.json" rule --players 2 \
    --board standard --max-rounds 40
run 200 hard "search:s3b50@resources/eval/win_model_expert.json" --players 2 \
    --board standard --max-rounds 40
# Normal with the expert evaluation and fewer battle iterations against Easy (10: 89.0 %,
# none: 86.5 %); Hard against the 10-iteration one 61.0 %; Hard with the expert
# evaluation against the 50-iteration one 69.5 %.
for spec in "search:s4b10@resources/eval/win_model_expert.json" \
        "search:s4b0@resources/eval/win_model_expert.json"; do
    run 200 "$spec" rule --players 2 --board standard --max-rounds 40
done
run 200 search:s48b1500h2g "search:s4b10@resources/eval/win_model_expert.json" \
    --players 2 --board standard --max-rounds 40
run 200 "search:s48b1500h2g@resources/eval/win_model_expert.json" \
    "search:s4b50@resources/eval/win_model_expert.json" --players 2 --board standard \
    --max-rounds 40
# Hard's budget with modelled battles against Normal with the expert evaluation: 65.0 %.
run 200 search:s48b1500h2gv "search:s4b50@resources/eval/win_model_expert.json" \
    --players 2 --board standard --max-rounds 40
# Strongest's samples (docs/computer-players.md#strongest-twice-the-samples): its search
# with 96 samples on one process against Hard's (48 samples: 55.0 % of 100 at 0-49).
run 100 "search:s96b1500h2gv@resources/eval/win_model_expert.json" search:s48b1500h2g \
    --players 2 --board standard --max-rounds 40
# How the budgets were chosen: the strength the strategy search adds saturates early
# (search:sNbM is N samples per strategic decision and M battle iterations, one process;
# Normal is search:s4b50, Hard search:s48b1500h2g on two processes).
run 100 search:s4b300 rule --players 2 --board standard --max-rounds 40
run 100 search:s8b300 rule --players 2 --board standard --max-rounds 40
run 100 search:s48b300 search:s8b300 --players 2 --board standard --max-rounds 40
run 200 hard search:s8b300 --players 2 --board standard --max-rounds 40
run 200 hard search:s4b300 --players 2 --board standard --max-rounds 40
# Strongest: Hard's budget with the battle search modelled (search:sNbMv: the rule-based
# player's playouts, the win model's scores); more battle iterations did not add to it.
# With the shipped evaluation (Strongest before it took the expert one):
run 100 search:s48b1500v@resources/eval/win_model.json hard --players 2 --board standard --max-rounds 40
run 100 search:s48b6000v@resources/eval/win_model.json hard --players 2 --board standard --max-rounds 40
# The expert evaluation (retrained on the search's own games) with the modelled battle
# search, then without it; and the attack targets as options (search:sNfK: the K best
# targets weighed as postures), with the shipped evaluation.
run 200 search:s48b1500v@resources/eval/win_model_expert.json hard --players 2 --board standard --max-rounds 40
run 100 search:s48b1500@resources/eval/win_model_expert.json hard --players 2 --board standard --max-rounds 40
run 200 search:s48b1500f3v@resources/eval/win_model.json hard --players 2 --board standard --max-rounds 40
run 100 normal random --players 2 --board standard --max-rounds 40
run 100 strongest random --players 2 --board standard --max-rounds 40
run 100 strongest rule --players 2 --board standard --max-rounds 40
run 100 normal rule --players 4 --board standard --max-rounds 40
# Normal with each advanced rule set (legal play and CP kept, not only the rate).
for rules in doomsday fighters mines pipelines raiders scuttling warp_points; do
    run 20 normal rule --players 2 --board standard --max-rounds 40 --advanced "$rules"
done
# The sparring pool (se4x_core/ai/style_bot.py): bots written apart from the rule bot,
# from the observation only, each with its own style; Easy and each level against each.
for style in turtle rush raider tech expander; do
    for level in rule normal hard; do
        run 100 "$level" "style:$style" --players 2 --board standard --max-rounds 40
    done
done
# Normal against Easy with all seven advanced rule sets at once.
run 100 normal rule --players 2 --board standard --max-rounds 40 --advanced fighters \
    --advanced scuttling --advanced raiders --advanced mines --advanced pipelines \
    --advanced warp_points --advanced doomsday
# Teams (4 players, 0+3 against 1+2; A plays a whole team, parity 50 %): each part of
# the rule bot's teamwork against none (docs/computer-players.md#teams), and two
# computer partners against two Easy.
for teamwork in 1 2 4 5; do
    run 200 "rule:,,$teamwork" "rule:,,alone" --players 4 --board standard --max-rounds 40 \
        --teams 0,3/1,2
done
run 100 normal rule --players 4 --board standard --max-rounds 40 --teams 0,3/1,2
# The solitaire (each level in the human seat against the alien tables, 44 minutes):
#   .venv/bin/python benchmarks/solitaire_levels.py --games 100 --levels rule normal hard
# at easy aliens Easy 46, Normal 85, Hard 85 of 100; at normal aliens 0, 5, 4 won and
# 0.13, 0.84, 0.67 alien homeworlds taken a game; at hard aliens none won.  The same at
# normal aliens on fresh seeds (add --first-seed 100 --difficulties normal): Easy 0,
# Normal 2, Hard 2 won; 0.08, 0.75, 0.42 taken.
# The fixed strategies, among them the solitaire's assault (83 of 100 at easy aliens):
#   .venv/bin/python benchmarks/solitaire_levels.py --games 100 --levels rule rule:assault
# The battle search alone (guided ISMCTS over the rule bot's battle choices), and
# unguided, for comparison: unguided it lost every game to the rule bot.
run 200 guided:i200 rule --players 2 --board standard --max-rounds 40
run 200 mcts:i200 rule --players 2 --board standard --max-rounds 40
# SP4X (prototype rules; `--game sp4x`): the search level against the rule bot (Easy) at 3
# and 4 players (parity 33.3 % and 25 %), and the rule bot against random play.
# search:s4c3 is Normal's budget without its 0.25 s cap, so a rerun plays the same games.
run 120 search:s4c3 rule --game sp4x --players 3
run 120 search:s4c3 rule --game sp4x --players 4
run 200 rule random --game sp4x --players 3
run 200 rule random --game sp4x --players 4
# Hard's budget (search:s6c6r2: six of the rule bot's choices, two rounds ahead) against
# Normal's, 3 players, 67 seeds from 2000 (docs/computer-players.md#sp4x).  The budget was
# chosen by benchmarks/sp4x_decision_quality.py, not by these games.
run 201 search:s6c6r2 search:s4c3 --game sp4x --players 3 --seed 2000
