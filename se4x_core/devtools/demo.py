"""``se4x demo``: a whole game between two computer players, printed as it goes.

The quickest way to see the engine work without a display: the heuristic
bots play from homeworld placement to a fallen homeworld (or the round
limit), and the demo prints each Economic Phase's standing and the result.
"""

from __future__ import annotations

import argparse
import random

from se4x_core import data
from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.events import Event
from se4x_core.game import Game
from se4x_core.rules.state import State


def play(seed: int, players: int, max_rounds: int, verbose: bool = True) -> State:
    """Play one heuristic-bot game and return its final state."""
    game = Game.new_game({"players": players, "seed": seed, "max_rounds": max_rounds,
                          "board": "standard"})
    state = game.state
    rnd = random.Random(seed)
    while not game.is_over:
        events = game.apply(choose_heuristic(game.observation(game.current_player),
                                             game.legal_codes(), rnd))
        if verbose:
            _print_events(state, events)
    return state


def _print_events(state: State, events: list[Event]) -> None:
    for event in events:
        kind = event["type"]
        if kind == "economic_phase":
            standing = ", ".join(
                f"{data.PLAYER_COLOURS[p]} {state.cp[p]} CP" for p in range(state.n_players)
                if state.alive[p])
            print(f"Round {event['round']:>2} Economic Phase: {standing}")
        elif kind == "battle_ended":
            winner = data.PLAYER_COLOURS[event["winner"]] if event["winner"] >= 0 else "nobody"
            print(f"  battle at hex {state.board.label(event['hex'])}: {winner} holds it "
                  f"after {event['rounds']} round(s)")
        elif kind == "colony_destroyed" and event["homeworld"]:
            print(f"  the homeworld of {data.PLAYER_COLOURS[event['player']]} has fallen")


def main(args: argparse.Namespace) -> int:
    state = play(args.seed, args.players, args.max_rounds)
    if state.winner >= 0:
        print(f"{data.PLAYER_COLOURS[state.winner]} wins in round {state.round}.")
    else:
        print(f"No winner after {state.round} rounds (the round limit).")
    return 0
