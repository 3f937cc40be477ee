"""The administration's routine decisions, which the app takes for a human who wants it.

Why some decisions and not others: of the thirteen administration steps, three ask a
player for choices that cost nothing to get right and that a player at a real table
makes without thinking:

* **maintenance** (step 8) must be paid in full; only *which* planets pay is a choice,
  and paying from the richest planet first keeps the most coins where they are spent;
* **scavenging** (step 10) loads free coins from debris into ships with room: taking
  them never hurts;
* **space yard repairs** (step 3) of armor and shields are free; only restoring a
  crippled hull costs a coin, so that one stays the player's.

Repair bays (step 1) cost a coin a card, and abandoning ships, buying facilities and
discarding are real decisions: the player keeps them.  :func:`routine_action` reads
the player's observation and legal actions only, so it sees nothing the player does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from se4x_core.games.se4.actions import RESTORE, Action

Observation = dict[str, Any]

#: The phases whose decisions :func:`routine_action` may take.
ROUTINE_PHASES: Final = frozenset({"pay", "scavenge", "yard_fix"})
FREE_RESTORES: Final = frozenset(RESTORE.index(what) for what in ("armor", "shield"))


def routine_action(obs: Observation, legal: Sequence[Action]) -> Action | None:
    """The routine choice in this position, or None when the decision is the player's
    (another phase, a choice that costs coins, or nothing routine left to do)."""
    phase = str(obs.get("phase", ""))
    if phase not in ROUTINE_PHASES or not legal:
        return None
    if phase == "pay":
        return _pay_from_richest(obs, legal)
    if phase == "scavenge":
        return next((a for a in legal if a.kind == "scavenge"), None) or \
            _done_if_only_routine(legal, ("scavenge",))
    free = [a for a in legal if a.kind == "fix" and a.what in FREE_RESTORES]
    if free:
        return free[0]
    return _done_if_only_routine(legal, ("fix",), paid_fix_left=any(
        a.kind == "fix" for a in legal))


def _pay_from_richest(obs: Observation, legal: Sequence[Action]) -> Action | None:
    """As much as is due from the colony with the most coins (ties: the lower sector)."""
    coins = {int(c["sector"]): int(c["coins"]) for c in obs["colonies"]}
    pays = [a for a in legal if a.kind == "pay"]
    if not pays:
        return None
    return max(pays, key=lambda a: (coins.get(a.sector, 0), -a.sector, a.count))


def _done_if_only_routine(legal: Sequence[Action], kinds: tuple[str, ...],
                          paid_fix_left: bool = False) -> Action | None:
    """``done`` once nothing routine is left, unless a choice with a price remains (a
    crippled hull the player may pay to restore)."""
    if paid_fix_left:
        return None
    if all(a.kind == "done" or a.kind in kinds for a in legal):
        return next((a for a in legal if a.kind == "done"), None)
    return None


__all__ = ["ROUTINE_PHASES", "routine_action"]
