"""The engine's exceptions, in one place so that every layer raises the same ones."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is not legal now; the game is left untouched."""


class ConfigError(ValueError):
    """A game configuration that cannot start a game."""


class SaveFormatError(ValueError):
    """A save or replay file that is damaged, foreign or inconsistent."""
