"""The SE4 board game's rules reference: its chapters, the numbers they show, and F1.

The chapters are Markdown in ``resources/help/se4/`` (the form every game's reference
takes, read by :mod:`se4x_qt.help_book` and shown by the one viewer,
:mod:`se4x_qt.widgets.rules_viewer`).  The game is played from fan rules whose gaps
were filled with our own choices; every number and every filled gap the engine plays
by is a placeholder here, filled when the reference is read from the charts the text
gives (``se4x_core.games.se4.charts``) and from the gaps' data file
(``resources/se4/gaps.json``, each entry with where it came from), so an edited data
file changes the reference with the game.  No source rules text ships with the app, so
the viewer has no text tabs for this game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from se4x_core.games.se4.charts import (
    COMBAT_ROUNDS,
    FACILITIES,
    FACILITY_PRICES,
    HULLS,
    RESEARCH_PRICE,
    START_CARDS,
    START_COINS,
    START_SHIPS,
)
from se4x_core.games.se4.data import Component, load
from se4x_core.games.se4.explain import DECISIONS
from se4x_qt import help_book, resources
from se4x_qt.help_book import markdown_table

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from se4x_qt.widgets.rules_viewer import RulesViewer

HELP_DIR = resources.HELP_DIR / "se4"
DASH: Final = "\u2013"


def card_numbers(card: Component) -> str:
    """A component's numbers in a few words ("attack +1, damage 3, rounds 1 3 5")."""
    parts = []
    if card.missile:
        parts.append("missile: 1d6 missiles of 1 damage")
    elif card.type == "weapon" and not card.bombard_only:
        parts.append(f"attack {card.attack:+d}, damage {card.damage}")
    if card.rounds:
        parts.append("rounds " + " ".join(str(r) for r in card.rounds))
    flags = (("shields_half", "half damage to shields"), ("bombard_only", "planets only"),
             ("bombard", "may bombard"), ("free_target", "picks its own target"),
             ("spoils", "a hit spoils the next shot"), ("cloak", "cloaked"),
             ("standard", "bought at completion"), ("cargo_slot", "fits the cargo slot"))
    parts += [words for flag, words in flags if getattr(card, flag)]
    numbers = (("negate", "negates {} a round"), ("defence", "defence {:+d}"),
               ("pd_target", "point defence of the target {:+d}"),
               ("pd_support", "supporting point defence {:+d}"),
               ("pd_rolls", "{} point-defence rolls"), ("cargo", "carries {}"),
               ("repair", "{} repair point(s)"), ("shield_regen", "restores {} shield(s)"),
               ("combat_regen", "restores on {}+ in combat"),
               ("admin_regen", "restores on {}+ in administration"))
    if card.type == "utility":
        parts += [f"attack {card.attack:+d}"] if card.attack else []
    parts += [words.format(getattr(card, key)) for key, words in numbers if getattr(card, key)]
    return ", ".join(parts) or DASH


def component_table() -> str:
    """Every component card: type, copies a set, numbers, and where each came from."""
    return markdown_table(("Card", "Type", "A set", "Numbers", "From"),
                          ((c.name, c.type, c.count if not c.standard else "pile",
                            card_numbers(c), c.source or DASH) for c in load().components))


def tech_table() -> str:
    return markdown_table(("Research chart", "Tech", "Effect"),
                          ((n, t.name, t.effect) for n, t in enumerate(load().techs, start=1)))


def hull_table() -> str:
    return markdown_table(("Hull", "Slots", "Speed", "Attack", "Defence", "Cost", "Upkeep"),
                          ((h.name, ", ".join(h.slots), h.speed, f"{h.attack:+d}",
                            f"{h.defence:+d}", h.cost, h.upkeep) for h in HULLS))


def facility_table() -> str:
    return markdown_table(("Facility", "Price"), zip(FACILITIES, FACILITY_PRICES, strict=True))


def victory_text() -> str:
    victory = load().victory
    weights = ", ".join(f"{key.replace('_', ' ')} {value}"
                        for key, value in victory.score.items())
    limit = f"round {victory.round_limit}" if victory.round_limit else "none"
    return (f"{victory.about[:1].upper()}{victory.about[1:]}. Score weights: {weights}. "
            f"The round limit a new game starts with: {limit}.")


def map_text() -> str:
    maps = load().maps
    return ", ".join(f"{players} players: {len(board.sectors)} sectors, "
                     f"{sum(1 for *_ab, unstable in board.lines if unstable)} unstable lines"
                     for players, board in sorted(maps.items()))


def decision(phase: str) -> str:
    return DECISIONS[phase]


def number(name: str) -> str:
    values = {"combat_rounds": COMBAT_ROUNDS, "research_price": RESEARCH_PRICE,
              "start_coins": START_COINS, "start_cards": START_CARDS,
              "start_ships": START_SHIPS,
              "shield_negates": load().planetary_shield_negates}
    return str(values[name])


GENERATORS: Final[help_book.Generators] = {
    "components": component_table, "techs": tech_table, "hulls": hull_table,
    "facilities": facility_table, "victory": victory_text, "maps": map_text,
    "decision": decision, "number": number,
}

REFERENCE = help_book.Reference(
    game="se4", title="SE4 board game (fan rules, gaps filled)", folder=HELP_DIR,
    generators=GENERATORS, texts=(), texts_dir=resources.RULES_DIR,
    search_example="point defence")

# F1: the rules of the decision the game waits for.
PHASE_SECTIONS: Final = {
    "home": "setup", "setup_buy": "setup", "setup_design": "fitting",
    "research": "research", "yards": "yards", "combat_move": "movement",
    "combat": "combat", "move": "movement", "repair": "administration",
    "complete": "fitting", "yard_fix": "administration", "abandon": "administration",
    "pay": "administration", "build": "administration", "scavenge": "administration",
    "discard": "administration", "damage": "damage", "over": "victory",
}


def sections() -> tuple[help_book.Section, ...]:
    return help_book.reference_sections(REFERENCE)


def show_rules(anchor: QWidget, section: str | None = None) -> RulesViewer:
    """Open this game's reference at ``section`` (the first section if None)."""
    from se4x_qt.widgets.rules_viewer import show_reference

    return show_reference(section, anchor, REFERENCE)


__all__ = ["GENERATORS", "HELP_DIR", "PHASE_SECTIONS", "REFERENCE", "sections", "show_rules"]
