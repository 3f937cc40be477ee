"""SP4X in words: cards, tiles, decisions, actions and events as a player reads them.

Why one module: the hand, the board's tooltips, the prompt, the buttons,
the dialogs and the log all name the same things; naming them once keeps
"Move & Explore" from being "move" on one screen and "Flyt" on another.
Every function reads the observation (and the players' names) only.

Two rules keep every sentence right whatever a player is called: a player
is always named (never "you": the log reads the same in every seat, and a
hot-seat viewer finds their own name), and a name is never followed by a
possessive or a present-tense verb ("Chris's", "Ann names"), so "Chris",
"Esmeralda Fitzgerald" or even "You" reads right.  Cells are named as the
board labels its tiles (:class:`CellNames`), never by coordinates.
"""

from __future__ import annotations

from typing import Any, Final

from se4x_core.games.sp4x.actions import RESOURCE_NAMES, Action
from se4x_core.games.sp4x.data import load
from se4x_core.games.sp4x.observation import Observation

Cell = tuple[int, int]
DIRS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: DIRS as the board draws them (pointy-topped hexes, north up).
DIR_NAMES: Final = ("east", "north-east", "north-west", "west", "south-west", "south-east")

CARD_TITLES: Final = {
    "move": "Move & Explore", "build": "Build", "exploit": "Exploit", "men": "Men",
    "steal": "Steal", "war": "War", "plan": "Grand Plan", "ai": "AI", "star": "Star",
}
# What a card's face says, short enough to print at the app's small size on a card in
# the hand (the tooltip adds the rules reference's fuller wording and the points)
CARD_SINGLE: Final = {
    "move": "Two men each step or explore",
    "build": "One road from your man's tile",
    "exploit": "Harvest a tile with your man, or one Alien power",
    "men": "Two men on a tile with your base",
    "steal": "1 resource from a player on your man's tile",
    "war": "A player on your man's tile loses a piece",
    "plan": "Lay out: no draws from you till your next turn",
    "ai": "Pairs with any card: its pair action, bonus only, both kept",
    "star": "The deck is spent: a shown card starts a Star chain",
}
CARD_PAIR: Final = {
    "move": "All your men step or explore",
    "build": "Up to 3 roads, or a base",
    "exploit": "One resource everywhere, or all Alien powers",
    "men": "Two men on every base tile",
    "steal": "Up to 3 resources, \u22123 points",
    "war": "Great War: till each tile holds one colour",
    "plan": "Move, Build, Exploit or Men as a pair",
    "ai": "",
    "star": "",
}
CARD_COLOURS: Final = {
    "move": "#4FA3FF", "build": "#E0A050", "exploit": "#5BD88A", "men": "#E27CC4",
    "steal": "#B0B8C8", "war": "#FF6B6B", "plan": "#B48CFF", "ai": "#4FD1C5",
    "star": "#FFD866",
}
CARD_GLYPHS: Final = {
    "move": "\u27a4", "build": "\u2692", "exploit": "\u2740", "men": "\u265f",
    "steal": "\u2702", "war": "\u2694", "plan": "\u2726", "ai": "\u25c9", "star": "\u2605",
}
TILE_TITLES: Final = {
    "mothership": "Mothership", "plastic_steppe": "Plastic Steppe", "n_swamp": "N-Swamp",
    "gly_hill": "Gly Hill", "mountain": "Mountain", "slime_sea": "Slime Sea",
    "transmogrifier": "Transmogrifier", "cluster_bots": "Cluster Bots",
    "telemorpher": "Telemorpher", "clone_pool": "Clone Pool",
}
TILE_COLOURS: Final = {
    "mothership": ("#6C7A99", "#3B4560"), "plastic_steppe": ("#C9B458", "#7F6F2A"),
    "n_swamp": ("#4E9C62", "#25553A"), "gly_hill": ("#9AAE4E", "#55632A"),
    "mountain": ("#8D8478", "#4B443C"), "slime_sea": ("#3BB6A8", "#1C5E63"),
    "transmogrifier": ("#A070D8", "#4E2F78"), "cluster_bots": ("#A070D8", "#4E2F78"),
    "telemorpher": ("#A070D8", "#4E2F78"), "clone_pool": ("#A070D8", "#4E2F78"),
}
POWER_TEXT: Final = {
    "transmogrifier": "Alien power: fill one resource track that holds at least 1",
    "cluster_bots": "Alien power: build a base where you have a man",
    "telemorpher": "Alien power: move your men from here to any explored tile",
    "clone_pool": "Alien power: as many new men as you have here",
}
RESOURCE_TITLES: Final = {"plastic": "Plastic", "food": "Food", "metal": "Metal"}
RESOURCE_COLOURS: Final = {"plastic": "#F5C542", "food": "#5BD88A", "metal": "#A9B6CC"}
PLAN_TITLES: Final = {"move": "Move & Explore", "build": "Build", "exploit": "Exploit",
                      "men": "Men"}

PHASE_PROMPTS: Final = {
    "draw": "Draw a card: click an opponent's hand",
    "main": "Show a card or play a pair: click a card in your hand",
    "star_order": "Star chain: act first or last",
    "plan_choice": "Grand Plan: choose the action",
    "move": "Move & Explore: click one of your men, then where he goes",
    "build": "Build: click a tile with your man, then a neighbouring tile for a road",
    "exploit": "Exploit: choose what to harvest",
    "powers": "Alien powers: choose a tile's power to use",
    "transmogrify": "Transmogrifier: choose a track to fill",
    "cluster_bots": "Cluster Bots: choose where to build a base",
    "telemorph": "Telemorpher: click the tile a man goes to",
    "men": "Men: click a tile with your base",
    "steal": "Steal: choose what to take",
    "war": "War: name a tile and a player",
    "war_loss": "War: choose which piece to lose",
    "spend": "Spend resources on bonus actions, then end your turn",
    "game_over": "The game is over",
}
PHASE_TITLES: Final = {
    "draw": "Drawing a card", "main": "Main action", "star_order": "Star chain",
    "plan_choice": "Grand Plan", "move": "Move & Explore", "build": "Build",
    "exploit": "Exploit", "powers": "Alien powers", "transmogrify": "Transmogrifier",
    "cluster_bots": "Cluster Bots", "telemorph": "Telemorpher", "men": "Men",
    "steal": "Steal", "war": "War", "war_loss": "War", "spend": "Spending resources",
    "game_over": "Game over",
}


def card_title(card: str) -> str:
    return CARD_TITLES.get(card, card.title())


def tile_title(kind: str) -> str:
    return TILE_TITLES.get(kind, kind.replace("_", " ").title())


def tile_yields(kind: str) -> dict[str, int]:
    """What a tile kind shows to harvest, by resource (rules data, not the game's state)."""
    rules = load()
    tile = next((t for t in rules.tiles if t.name == kind), None)
    if tile is None:
        return {}
    return {r: v for r, v in zip(rules.resources, tile.yields, strict=True) if v}


def tile_facts(kind: str) -> list[str]:
    """Lines about a tile kind for its tooltip: yields, barrier, bonus, power."""
    rules = load()
    tile = next((t for t in rules.tiles if t.name == kind), None)
    if tile is None:
        return []
    lines = []
    yields = tile_yields(kind)
    if yields:
        lines.append("Yields " + ", ".join(f"{v} {r}" for r, v in yields.items()))
    if tile.barrier:
        lines.append("Entered only along your own road")
    if tile.base_plastic:
        lines.append(f"A base here costs {tile.base_plastic} plastic")
    if tile.bonus_man:
        lines.append(f"+{tile.bonus_man} bonus for your man here")
    if tile.bonus_base:
        lines.append(f"+{tile.bonus_base} bonus for your base here")
    if tile.power:
        lines.append(POWER_TEXT.get(tile.power, tile.power))
    return lines


def name(player: int, names: list[str]) -> str:
    from se4x_qt import style
    return style.player_name(player, names)


def tile_label(kind: str, number: int | None) -> str:
    """A tile's name on the board and in every sentence: "Mountain 2", "Mothership"."""
    return tile_title(kind) + (f" {number}" if number is not None else "")


class CellNames:
    """Every cell named as the board labels it: the tile's kind, numbered when the rules
    hold more than one tile of that kind ("Mountain 2": the second Mountain explored),
    and an empty space by the tile beside it ("the space east of Mountain 2").

    Why numbered in the order the tiles were placed: a tile never moves or leaves
    the board, so its label never changes, and a log line written when it was
    placed still names the tile the board shows now.  Coordinates are never shown.
    """

    def __init__(self, obs: Observation) -> None:
        copies = {tile.name: tile.count for tile in load().tiles}
        placed: dict[str, int] = {}
        self.numbers: dict[Cell, int | None] = {}  # None: the only tile of its kind
        self.labels: dict[Cell, str] = {}
        for tile in obs["tiles"]:
            kind, cell = tile["kind"], (tile["q"], tile["r"])
            placed[kind] = placed.get(kind, 0) + 1
            self.numbers[cell] = placed[kind] if copies.get(kind, 1) > 1 else None
            self.labels[cell] = tile_label(kind, self.numbers[cell])

    def __call__(self, cell: Cell | list[int] | None) -> str:
        """The cell's label; "?" for none."""
        if cell is None or len(cell) != 2:
            return "?"
        here = (cell[0], cell[1])
        label = self.labels.get(here)
        if label is not None:
            return label
        for there, there_label in self.labels.items():  # in the order they were placed
            for direction, name in enumerate(DIR_NAMES):
                if neighbour(there, direction) == here:
                    return f"the space {name} of {there_label}"
        return "an empty space"


def tile_at(obs: Observation, cell: Cell | list[int] | None) -> str:
    """The cell at ``cell`` as the board labels it (see :class:`CellNames`)."""
    return CellNames(obs)(cell)


def neighbour(cell: Cell, direction: int) -> Cell:
    dq, dr = DIRS[direction]
    return cell[0] + dq, cell[1] + dr


def action_text(action: Action, obs: Observation, names: list[str]) -> str:
    """A legal action as a button or log reads it."""
    kind = action.kind
    cell, dst = action.cell, action.dst
    cells = CellNames(obs)
    here = cells(cell) if cell is not None else ""
    resource = RESOURCE_TITLES.get(action.resource or "", "")
    match kind:
        case "draw":
            return f"Draw from {name(action.player, names)}"
        case "show":
            return f"Show {card_title(action.card or '')}"
        case "pair":
            return f"Play the {card_title(action.card or '')} pair"
        case "ai_pair":
            return f"Play {card_title(action.card or '')} with the AI"
        case "show_ai":
            return "Show the AI alone (ends the age, \u22123)"
        case "take_top":
            return "Take the deck's top card"
        case "pass":
            return "Pass"
        case "act_first":
            return "Act first"
        case "act_last":
            return "Act last"
        case "plan":
            return PLAN_TITLES.get(action.choice or "", action.choice or "")
        case "move" | "buy_move":
            prefix = "Move (1 food)" if kind == "buy_move" else "Move"
            return f"{prefix}: {here} \u2192 {cells(dst)}"
        case "explore":
            return f"Explore: {here} \u2192 {cells(dst)}"
        case "road" | "buy_road":
            assert cell is not None
            there = cells(neighbour(cell, action.dir))
            prefix = "Road (1 plastic)" if kind == "buy_road" else "Road"
            return f"{prefix}: {here} \u2013 {there}"
        case "base":
            return f"Base on {here}"
        case "harvest":
            return f"Harvest {here}"
        case "harvest_type":
            return f"Harvest {resource}"
        case "use_powers":
            return "Use the Alien powers"
        case "use_power":
            return f"Use the {here}"
        case "fill":
            return f"Fill {resource}"
        case "teleport":
            return f"Teleport a man to {cells(dst)}"
        case "place_men":
            return f"Men on {here}"
        case "buy_man":
            return f"A man on {here} (1 food)"
        case "steal":
            return f"Steal {resource} from {name(action.player, names)}"
        case "nominate":
            return f"{name(action.player, names)} on {here}"
        case "pay_metal":
            return "Pay 1 metal (keep every piece)"
        case "lose_man":
            return f"Lose a man on {here}"
        case "lose_base":
            return f"Lose the base on {here}"
        case "lose_road":
            assert cell is not None
            return f"Lose the road {here} \u2013 {cells(neighbour(cell, action.dir))}"
        case "done":
            return "Done" if obs["phase"] != "draw" else "Don't draw"
        case "end_turn":
            return "End turn"
    return str(action)


def prompt(obs: Observation, names: list[str], viewer_acts: bool) -> str:
    """What is being decided, for the banner."""
    phase = obs["phase"]
    current = obs["current_player"]
    if obs["is_over"]:
        return "The game is over."
    if not viewer_acts:
        who = name(current, names)
        return f"{who}: {PHASE_TITLES.get(phase, phase).lower()}\u2026"
    text = PHASE_PROMPTS.get(phase, phase)
    pending = obs["pending"]
    if phase == "move" and pending is not None:
        left = pending["left"]
        text += "" if left > 20 else f" ({left} move{'s' if left != 1 else ''} left)"
    if phase == "war_loss" and pending is not None:
        text = (f"War: {name(pending['player'], names)} named your pieces on "
                f"{tile_at(obs, pending['cell'])}. Choose which to lose, or pay 1 metal")
    if phase == "main" and obs["star_exposed"]:
        text += " \u2014 the Star card is up: a shown card starts a Star chain"
    return text


def event_text(event: dict[str, Any], names: list[str], viewer: int,
               cells: CellNames) -> str | None:
    """An event as a line of the log (None for those not worth a line), naming cells as
    ``cells`` (the board's :class:`CellNames`) does.

    A draw from a hand is two events: ``drew`` for everybody and ``drew_card``
    (which card) for the two players in it; those two get the second only, so
    each viewer reads one line per draw with all they may know.
    """
    kind = event["type"]
    who = name(event.get("player", -1), names) if "player" in event else ""
    cell = event.get("cell")
    to = event.get("to")


    match kind:
        case "text":  # a line read back from a save
            return str(event.get("text", ""))
        case "turn":
            return f"\u2014 Age {event['age']}, turn {event['turn']}: {who} \u2014"
        case "drew":
            if viewer in (event["player"], event["victim"]):
                return None  # their drew_card says which card
            return f"{who} drew a card from {name(event['victim'], names)}"
        case "drew_card":
            return (f"{who} drew {card_title(event['card'])} from "
                    f"{name(event['victim'], names)}")
        case "took_top":
            return f"{who} took {card_title(event['card'])} from the deck"
        case "showed":
            return f"{who} showed {card_title(event['card'])}"
        case "plan_laid":
            return f"{who} laid out the Grand Plan"
        case "plan_returned":
            return f"{who} took the Grand Plan back into hand"
        case "paired":
            return f"{who} played the {card_title(event['card'])} pair"
        case "ai_paired":
            return f"{who} played {card_title(event['card'])} with the AI"
        case "laid":
            return f"{who} laid {card_title(event['card'])} in the Star chain"
        case "star_order":
            return f"{who} chose to act {'first' if event['first'] else 'last'} in the Star chain"
        case "plan_chosen":
            choice = PLAN_TITLES.get(event["choice"], event["choice"])
            return f"{who} chose {choice} for the Grand Plan"
        case "moved":
            return f"{who} moved a man from {cells(cell)} to {cells(to)}"
        case "explored":
            return f"{who} explored a new tile: {cells(cell)}"
        case "road_built":
            return f"{who} built a road between {cells(cell)} and {cells(to)}"
        case "base_built":
            paid = f" for {event['paid']} plastic" if event.get("paid") else ""
            return f"{who} built a base on {cells(cell)}{paid}"
        case "men_placed":
            count = event.get("count", 0)
            return f"{who} placed {count} m{'e' if count != 1 else 'a'}n on {cells(cell)}"
        case "gained":
            res = RESOURCE_NAMES[event["resource"]]
            lost = event["amount"] - event["kept"]
            extra = f" ({lost} lost: the track is full)" if lost else ""
            return f"{who} gained {event['kept']} {res}{extra}"
        case "power_used":
            return f"{who} used the {tile_title(event['power'])}"
        case "stolen":
            res = RESOURCE_NAMES[event["resource"]]
            return f"{who} stole 1 {res} from {name(event['victim'], names)}"
        case "nominated":
            return f"War: {who} named {name(event['victim'], names)} on {cells(cell)}"
        case "paid_metal":
            return f"{who} paid 1 metal to keep a piece"
        case "piece_lost":
            if event["piece"] == "road" and to is not None:
                return f"{who} lost the road between {cells(cell)} and {cells(to)}"
            return f"{who} lost a {event['piece']} on {cells(cell)}"
        case "scored":
            points = event["points"]
            sign = "+" if points >= 0 else "\u2212"
            reason = event.get("reason", "")
            why = {"resources": "resources", "end_game": "end of game", "ai_alone": "the AI "
                   "alone", "ai_pair": "AI pair", "plan": "Grand Plan"}.get(
                reason, card_title(reason))
            return f"{who} {sign}{abs(points)} ({why}), now {event['total']}"
        case "passed":
            return f"{who} passed"
        case "age_ended":
            return f"\u2605 Age {event['age']} ends"
        case "turn_limit":
            return f"Age {event['age']} ends at the turn limit"
        case "game_over":
            winners = event.get("winners", [])
            return "Game over: " + (" & ".join(name(w, names) for w in winners) or "no winner")
    return None
