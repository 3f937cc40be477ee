"""SP4X's words in its saves: each player's log as text, and what an autosave's name
says.  Saving and loading themselves are every game's (:mod:`se4x_qt.session.saves`).
"""

from __future__ import annotations

from se4x_qt.games.sp4x import texts
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.journal_entry import JournalEntry


def journal(driver: GameDriver) -> dict[int, list[JournalEntry]]:
    """Each player's log as the window words it (the board is public: one reading of
    the cells serves every player)."""
    out: dict[int, list[JournalEntry]] = {}
    cells = texts.CellNames(driver.game.observation(0))
    for player, events in driver.seen.items():
        lines: list[JournalEntry] = []
        for event in events:
            text = texts.event_text(event, driver.player_names, player, cells)
            if text is not None:
                lines.append({"text": text, "type": str(event.get("type", ""))})
        out[player] = lines
    return out


def autosave_detail(driver: GameDriver) -> str:
    """An autosave's name's tail: the age and the turn ("age1-t003")."""
    obs = driver.game.observation(0)
    return f"age{obs['age']}-t{obs['turn']:03d}"


__all__ = ["autosave_detail", "journal"]
