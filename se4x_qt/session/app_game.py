"""A game's app side: what the shell needs of one game, named in its record's ``app``.

Why strings: like the engine's record (:mod:`se4x_core.gamekit.registry`), the app's
part names its pieces as ``"module:attribute"`` and each is imported when first used,
so the shell starts without loading every game's windows.

>>> from se4x_core.gamekit import registry
>>> app_game(registry.default().name).name == registry.default().name
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from se4x_core.gamekit import registry

if TYPE_CHECKING:
    from se4x_qt.session.driver import GameDriver


@dataclass(frozen=True)
class AppGame:
    """The app side of one game (the record's ``app``)."""

    name: str  # the game's name in the registry
    window: str  # "module:Class": the game's window (a shell.game_window.GameWindow)
    new_game_page: str  # "module:Class": its page of the New Game dialog
    driver: str = "se4x_qt.session.driver:GameDriver"  # its session driver's class
    reference: str = ""  # "module:attribute": its rules reference (help_book.Reference)
    journal: str = ""  # "module:function(driver) -> {player: [entry]}": its log, as saved
    host_page: str = ""  # "module:Class": its options in the LAN Host dialog ("": seats only)
    autosave_detail: str = ""  # "module:function(driver) -> str": an autosave's name's tail
    tutorial: str = ""  # "module:function() -> learn.tutorial.Tutorial": its guided game
    tips: str = ""  # "module:attribute": its contextual tips (a tuple of learn.tips.Tip)

    def load(self, part: str) -> Any:
        return registry.load(getattr(self, part))

    def driver_class(self) -> type[GameDriver]:
        cls: type[GameDriver] = registry.load(self.driver)
        return cls


def app_game(name: str) -> AppGame:
    """The app side of the game ``name`` (ValueError for an unknown game, or one the app
    cannot show)."""
    record = registry.record(name)
    if not record.app:
        raise ValueError(f"{record.title} has no screens in this app")
    app: AppGame = registry.load(record.app)
    return app


def app_games() -> list[AppGame]:
    """Every registered game the app can show, in the registry's order."""
    return [app_game(r.name) for r in registry.records() if r.app]


__all__ = ["AppGame", "app_game", "app_games"]
