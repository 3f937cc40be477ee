"""The ``se4x`` entry point: the app, or a headless subcommand of the engine.

Why here and not in the core: the core never imports Qt, so the program that
can open windows lives with the app.  A subcommand (``se4x battle ...``) or
``--version`` goes to :func:`se4x_core.devtools.cli.main` without loading Qt,
so batch jobs and a dedicated host start fast and need no display; anything
else (nothing, or a save file to open) starts the app.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from se4x_core.devtools import cli

SAVE_SUFFIXES = (".se4x", ".json")
APP_OPTIONS = ("--self-test",)  # options of the app itself (see se4x_qt.app)


def wants_app(words: Sequence[str]) -> bool:
    """True when the words ask for the app: none, or one save file to open.

    A lone word that is neither a subcommand nor an option opens the app
    when it names an existing file or ends like a save; anything else goes
    to the command line, which names the mistake and exits 2.
    """
    if not words:
        return True
    if len(words) != 1:
        return False
    word = words[0]
    if word in APP_OPTIONS:
        return True
    if word in cli.subcommands() or word.startswith("-"):
        return False
    return word.endswith(SAVE_SUFFIXES) or Path(word).is_file()


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``se4x`` with ``argv`` (default: the process's arguments); return the status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not wants_app(words):
        return cli.main(words)
    # Qt is imported only now: the subcommands above must run without it.
    from se4x_qt.app import main as app_main
    return app_main(words)


if __name__ == "__main__":
    sys.exit(main())
