"""Space Empires 4X's guided first game: basic rules, you against Easy on the small board.

Why these steps, in this order: each rule comes up when the game needs it.  Placing
the homeworld, what the starting forces are for, exploring with a scout and what the
marker found means, colonising a planet, ending a turn; the Economic Phase (income and
maintenance, the bid for the turn order, research, building, the carry-over cap); then
moving a group of warships, a battle with its odds, classes, to-hit numbers, screening
and retreat explained, a colony growing, and an attack on a homeworld.  The game is a
real one (seeded, so the steps meet the same board every time); *Show me* takes the
step's decisions through the same path a click takes, choosing as the Easy computer
player would where the step leaves a choice (the scouts' hexes, the moves of a turn).

Each step names the widget it highlights (the map, a panel's button, the production
sheet's and the battle window's buttons), so a test can follow the guide by itself.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtWidgets import QAbstractButton, QWidget

from se4x_core.actions import Action
from se4x_core.data import HOMEWORLD_STEP, MARKER_KEYS, MARKER_NAMES
from se4x_core.gamekit import registry
from se4x_core.hexgrid import board_for
from se4x_qt.learn.tutorial import Context, Step, Tutorial
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.seats_panel import NewGameChoice

if TYPE_CHECKING:
    from se4x_qt.shell.game_window import GameWindow
    from se4x_qt.shell.shell import AppShell

Observation = dict[str, Any]
TUTORIAL_ID: Final = "se4x-first-game"
SEED: Final = 3  # the board the steps were written on (a planet beside the homeworld)
NAMES: Final = ["Admiral", "Computer (Easy)"]
PLAY_ON_LIMIT: Final = 400  # decisions one *Show me* takes at most (a whole turn is fewer)
ECONOMY: Final = ("economic_bid", "choose_order", "economic_purchase")
COMBAT: Final = ("choose_battle", "combat_screen", "combat_fire", "colony_attack")
MARKER_WORDS: Final = {
    "empty": "nothing: empty space.",
    "planet": "a <b>Planet</b>: a colony ship can settle it; a colony makes CP every "
              "Economic Phase once it has grown.",
    "barren": "a <b>Barren Planet</b>: it needs the Terraforming tech before a colony "
              "ship can settle it.",
    "minerals": "<b>Minerals</b>: a Miner can tow them to one of your colonies for CP.",
    "nebula": "a <b>Nebula</b>: ships fighting in it fire as E class with no attack or "
              "defence bonus.",
    "asteroids": "<b>Asteroids</b>: ships fighting in it lose their attack bonus.",
    "black_hole": "a <b>Black Hole</b>: a ship that enters it must roll to survive.",
    "danger": "<b>Danger!</b>: whatever explored it was destroyed.",
    "supernova": "a <b>Supernova</b>: no ship may enter it; the marker stays.",
    "lost_in_space": "<b>Lost in Space</b>: the other player moved your ship one hex.",
    "space_wreck": "a <b>Space Wreck</b>: a Miner can tow it home for a tech.",
}


# -- reading the game ------------------------------------------------------------------------
def viewer(context: Context) -> int:
    return int(context.driver.viewer)


def my_units(context: Context, *types: str) -> list[dict[str, Any]]:
    obs = context.observation()
    return [u for u in obs["units"] if u["owner"] == obs["viewer"]
            and (not types or u.get("unit_type") in types)]


def home(context: Context) -> int:
    return int(context.observation()["homeworlds"][viewer(context)])


def phase(context: Context) -> str:
    return str(context.driver.game.phase)


def deciding(context: Context, *phases: str) -> bool:
    """The player at the screen decides now, in one of ``phases`` (any if none given)."""
    return context.my_turn() and (not phases or phase(context) in phases)


def face_down(obs: Observation, hex_index: int) -> bool:
    return obs["hexes"][hex_index].get("marker") is None


def window_of(context: Context) -> Any:
    """Space Empires' main window (its controller, side panel and phase windows)."""
    return context.window


def click(context: Context, name: str) -> bool:
    """Click the shown, enabled button ``name`` (True if there was one)."""
    widget = context.find(name)
    if isinstance(widget, QAbstractButton) and widget.isEnabled():
        widget.click()
        return True
    return False


# -- doing it for the player (Show me) ----------------------------------------------------------
def move(context: Context, unit: int, target: int) -> bool:
    """Select ``unit`` on the map and send it to ``target`` (a highlighted hex)."""
    controller = window_of(context).controller
    controller.select_unit(unit)
    if target not in controller.targets:
        return False
    controller.move_to(target)
    return True


def step_toward(context: Context, unit: int, goal: int) -> bool:
    """Move ``unit`` to the reachable hex nearest ``goal`` (if that brings it closer)."""
    board = board_for(context.observation()["board"])
    reach = context.driver.game.reachable(unit)
    here = next(u["hex"] for u in my_units(context) if u["unit"] == unit)
    best = min(reach, key=lambda h: (board.distance(h, goal), h), default=None)
    if best is None or board.distance(best, goal) >= board.distance(here, goal):
        return False
    return move(context, unit, best)


def explore_with(context: Context, unit: int) -> bool:
    """Send ``unit`` into a face-down hex it can reach (the nearest)."""
    obs = context.observation()
    reach = context.driver.game.reachable(unit)
    hidden = sorted(h for h in reach if face_down(obs, h))
    return bool(hidden) and move(context, unit, hidden[0])


def place_homeworld(context: Context) -> None:
    controller = window_of(context).controller
    if deciding(context, "place_homeworld") and controller.targets:
        choices = sorted(controller.targets)
        controller.apply(Action("place_homeworld", hex=choices[len(choices) // 2]))


def explore_once(context: Context) -> None:
    if not deciding(context, "movement"):
        return
    for scout in my_units(context, "SC"):
        if not scout["moved"] and explore_with(context, scout["unit"]):
            context.memory["scout"] = scout["unit"]
            return


def explore_and_end(context: Context) -> None:
    if not deciding(context, "movement"):
        return
    for scout in my_units(context, "SC"):
        if not scout["moved"]:
            explore_with(context, scout["unit"])
    window_of(context).controller.end_movement()


def known_planets(context: Context) -> list[int]:
    obs = context.observation()
    return [h["hex"] for h in obs["hexes"] if h.get("marker") == "planet"
            and not h.get("colony")]


def colonise(context: Context) -> None:
    """Settle a planet with a colony ship: colonise where one stands on one, else move
    the nearest toward the nearest planet found, else explore; then end the turn."""
    if not deciding(context, "movement"):
        return
    planets = known_planets(context)
    ships = my_units(context, "CO")
    legal = set(context.driver.legal_actions())
    for ship in ships:
        action = Action("colonize", unit=ship["unit"])
        if action in legal:
            window_of(context).controller.apply(action)
            return
    board = board_for(context.observation()["board"])
    pairs = [(s, p) for s in ships for p in planets if not s["moved"]]
    if pairs:
        ship, planet = min(pairs, key=lambda sp: board.distance(sp[0]["hex"], sp[1]))
        if step_toward(context, ship["unit"], planet):
            return colonise(context)
    for scout in my_units(context, "SC"):
        if not scout["moved"]:
            explore_with(context, scout["unit"])
    window_of(context).controller.end_movement()


def press(context: Context, name: str) -> None:
    """*Show me* for a step whose whole job is one button."""
    click(context, name)


def end_movement(context: Context) -> None:
    if deciding(context, "movement"):
        window_of(context).controller.end_movement()


def apply(context: Context, action: Action) -> None:
    window_of(context).controller.apply(action)


def research(context: Context) -> None:
    if deciding(context, "economic_purchase"):
        click(context, "research_ship_size")


def buy_scout(context: Context) -> None:
    if deciding(context, "economic_purchase"):
        click(context, f"buy_SC_{home(context)}")


def end_purchases(context: Context) -> None:
    if deciding(context, "economic_purchase"):
        apply(context, Action("end_purchases"))


def bid_nothing(context: Context) -> None:
    if deciding(context, "economic_bid"):
        click(context, "bid_button")
    elif deciding(context, "choose_order"):
        click(context, "order_0")


def warships(context: Context) -> list[dict[str, Any]]:
    return my_units(context, "DD", "CA", "BC", "BB", "DN")


def move_group(context: Context) -> None:
    """Move the biggest warship group one step toward the enemy's homeworld."""
    if not deciding(context, "movement"):
        return
    groups = sorted(warships(context), key=lambda u: -int(u.get("count") or 1))
    enemy = [h for p, h in enumerate(context.observation()["homeworlds"])
             if p != viewer(context) and h >= 0]
    if groups and enemy:
        step_toward(context, groups[0]["unit"], enemy[0])


def play_on(context: Context) -> None:
    """Play the player's decisions as the Easy computer player would, until the decision
    passes to the other side or the step is done (a whole turn, or an Economic Phase)."""
    bot = context.memory.get("bot")
    if bot is None:
        bot = registry.make_bot("se4x", "rule:aggressive", SEED)
        context.memory["bot"] = bot
    step = context.memory.get("done_test")
    for _ in range(PLAY_ON_LIMIT):
        if click(context, "close_battle"):  # a battle's end waits for its window to close
            continue
        if not context.my_turn() or (callable(step) and step(context)):
            return
        game = context.driver.game
        if bot.needs_information_set:
            bot.inform(game.information_set(viewer(context)))
        action = bot.step(game.observation(viewer(context)), game.legal_actions())
        context.driver.apply(action)


def seek_battle(context: Context) -> None:
    """Send every warship and scout that can still move toward the nearest enemy counter
    the player has seen (else the enemy's homeworld), then end the movement; other
    decisions (an Economic Phase, a battle) as the Easy player would."""
    if not deciding(context, "movement"):
        context.memory["done_test"] = battle_begun
        play_on(context)
        return
    obs = context.observation()
    me = viewer(context)
    board = board_for(obs["board"])
    enemies = [u["hex"] for u in obs["units"] if u["owner"] != me and u.get("hex", -1) >= 0]
    enemies += [h for p, h in enumerate(obs["homeworlds"]) if p != me and h >= 0]
    for unit in my_units(context, "SC", "DD", "CA", "BC", "BB", "DN"):
        if unit["moved"] or unit.get("done") or not enemies:
            continue
        goal = min(enemies, key=lambda h: board.distance(unit["hex"], h))
        step_toward(context, unit["unit"], goal)
        if battle_begun(context):
            return
    window_of(context).controller.end_movement()


# -- the steps' tests -----------------------------------------------------------------------------
def placed(context: Context) -> bool:
    return home(context) >= 0


def explored(context: Context) -> bool:
    """A face-down hex turned over by one of the player's units during the step."""
    mine = {u["hex"] for u in my_units(context)}
    for event in context.events:
        if event.get("type") == "explored" and event.get("player") == viewer(context) and \
                event.get("hex") in mine:
            context.memory["found"] = (int(event["hex"]), event.get("marker"))
            return True
    return False


def movement_ended(context: Context) -> bool:
    return context.saw("movement_ended", player=viewer(context))


def colonised(context: Context) -> bool:
    return context.saw("colonized", player=viewer(context))


def at_economic_phase(context: Context) -> bool:
    return phase(context) in ECONOMY


def bid_made(context: Context) -> bool:
    return context.saw("bid_made", player=viewer(context)) or \
        phase(context) not in ("economic_bid", "choose_order")


def researched(context: Context) -> bool:
    return context.saw("researched", player=viewer(context))


def bought(context: Context) -> bool:
    return context.saw("bought", player=viewer(context))


def purchases_over(context: Context) -> bool:
    return phase(context) not in ECONOMY


def group_moved(context: Context) -> bool:
    """One of the player's warship groups moved (a move's event names the unit, not its
    type: what moves is hidden from the other side)."""
    groups = {u["unit"] for u in warships(context)}
    return any(e.get("type") == "moved" and e.get("unit") in groups for e in context.events)


def battle_begun(context: Context) -> bool:
    return context.saw("battle_started") or phase(context) in COMBAT


def battle_over(context: Context) -> bool:
    return context.saw("battle_ended") or phase(context) not in COMBAT


def window_closed(context: Context) -> bool:
    return context.find("close_battle") is None and phase(context) not in COMBAT


def homeworld_attacked(context: Context) -> bool:
    homes = set(context.observation()["homeworlds"])
    battle = context.observation().get("battle") or {}
    return (phase(context) == "colony_attack" and battle.get("hex") in homes) or \
        context.saw("colony_destroyed") or context.driver.is_over


# -- the steps' words ----------------------------------------------------------------------------
def marker_text(context: Context) -> str:
    hex_index, key = context.memory.get("found", (-1, None))
    if key is None:
        return "Each face-down hex hides a marker. Turn one over with a scout to see what it is."
    name = MARKER_NAMES[MARKER_KEYS.index(key)] if key in MARKER_KEYS else str(key)
    words = MARKER_WORDS.get(str(key), f"a {name}.")
    return (f"Your scout turned over hex {hex_index}: it is {words} Every face-down hex "
            "hides one such marker; exploring is how you find the planets to settle and "
            "the minerals to mine.")


def marker_section(context: Context) -> str:
    key = context.memory.get("found", (-1, None))[1]
    return f"marker-{str(key).replace('_', '-')}" if key else "markers"


def income_text(context: Context) -> str:
    report = context.observation()["me"].get("income_report") or {}
    return (f"The Economic Phase comes after every third turn. Your colonies produced "
            f"<b>{report.get('colony_income', 0)} CP</b> (the homeworld makes 20), minerals "
            f"{report.get('minerals', 0)}; maintenance of your ships took "
            f"<b>{report.get('maintenance', 0)} CP</b> (a ship's hull size each; scouts and "
            f"colony ships too), so you have <b>{report.get('cp', 0)} CP</b> to spend. The "
            "production sheet shows it at the top.")


def growth_text(context: Context) -> str:
    obs = context.observation()
    colonies = [h for h in obs["hexes"] if (h.get("colony") or {}).get("owner") == viewer(context)
                and not h["colony"].get("homeworld")]
    grown = ", ".join(f"hex {h['hex']}: {h['colony'].get('cp', 0)} CP" for h in colonies)
    return ("A new colony grows every Economic Phase: it makes 0 CP the round it is "
            "founded, then 1, then 3, then 5 (its full size); the Income panel lists "
            "each. Yours now: "
            f"{grown or 'none yet'}. Colonies far from home are worth the trip; an enemy "
            "can attack them, and a colony attacked shrinks back.")


# -- the tutorial ----------------------------------------------------------------------------------
def start_game(shell: AppShell, parent: QWidget | None) -> GameWindow:
    """A new game for the guide: you against Easy, small board, basic rules."""
    config = {"players": 2, "board": "small", "seed": SEED, "advanced": []}
    seats = [Seat(HUMAN), Seat(COMPUTER, "rule")]
    shell.start_game(NewGameChoice(config, list(NAMES), seats, {}, "se4x"), parent)
    return shell.window_for("se4x")


def target_end(context: Context) -> QWidget | None:
    button = window_of(context).side_panel.end_button
    return button if button.isVisible() else context.find("hexmap")


def target_colonise(context: Context) -> QWidget | None:
    button = context.find("colonize_button")
    return button if button is not None and button.isEnabled() else context.find("hexmap")


def target_battle(context: Context) -> QWidget | None:
    return context.find("auto_resolve") or context.find("hexmap")


def target_play(context: Context) -> QWidget | None:
    """While playing on: a battle's Close when its end waits for it, else the map."""
    return context.find("close_battle") or context.find("hexmap")


def play_step(step_id: str, title: str, text: str, done: Any, section: str) -> Step:
    """A "keep playing" step: the player plays on; *Show me* plays their turn."""
    def show(context: Context) -> None:
        context.memory["done_test"] = done
        play_on(context)

    return Step(step_id, title, text, target_play, done, show, section)


STEPS: Final = (
    Step("welcome", "Welcome, Admiral",
         "You play <b>Blue</b> against the computer (Easy) on the small board, with the "
         "basic rules. This guide stays beside the map: it shows one rule at a time, "
         "highlights what to use, and waits until you have done it. <b>Show me</b> does a "
         "step for you; <b>Why?</b> opens the rules; you can leave and resume from "
         "Help &gt; Welcome.", "hexmap", section="overview"),
    Step("place", "Place your homeworld",
         "Every empire starts from a homeworld in its home system (the shaded hexes at "
         "your end of the map). Click one of the highlighted hexes to put yours there. "
         "If the computer won the die roll it places first.",
         "hexmap", placed, place_homeworld, "setup"),
    Step("forces", "Your starting forces",
         "At your homeworld: <b>4 Ship Yards</b> (they build ships; they cannot move), "
         "<b>3 Scouts</b> (SC: fast, weak, they explore), <b>3 Colony Ships</b> (CO: they "
         "settle planets), and a <b>Miner</b> (it tows minerals home). Click the homeworld "
         "to list them in the Selected hex panel. Your homeworld makes 20 CP a round.",
         "panel_dock", section="setup"),
    Step("explore", "Explore with a scout",
         "The hexes around you are face down. Click one of your Scouts, then a highlighted "
         "face-down hex: entering it turns its marker over and ends that unit's move.",
         "hexmap", explored, explore_once, "exploration"),
    Step("marker", "What you found", marker_text, "hexmap", section=marker_section),
    Step("end_turn", "Explore more, then end your turn",
         "Send your other scouts into face-down hexes too, then press <b>End movement</b> "
         "(or Space). A round is three turns; in each, both empires move in turn.",
         target_end, movement_ended, explore_and_end, "movement"),
    Step("colonise", "Settle a planet",
         "Colony ships can enter only face-up hexes (or one your warship is in). Move one "
         "onto a Planet your scouts found and press <b>Colonize</b> in the panel. If the "
         "planet is further than a turn away, move part of the way, end your movement, "
         "and go on next turn.",
         target_colonise, colonised, colonise, "colonization"),
    Step("to_economy", "Finish the round",
         "End your movement for the rest of this round's turns. After the third turn comes "
         "the <b>Economic Phase</b>: income, the bid, research and building.",
         target_end, at_economic_phase, end_movement, "turn-sequence"),
    Step("income", "Income and maintenance", income_text, "balance", section="income",
         applies=at_economic_phase),
    Step("bid", "Bid for the turn order",
         "Both empires bid CP in secret; the higher bid chooses who moves first next round "
         "(ties: the current order). Bidding costs what you bid. Bid 0 for now: press "
         "<b>Place sealed bid</b>.", "bid_button", bid_made, bid_nothing, "bidding"),
    Step("research", "Research",
         "Each tech level is bought once for the whole empire and helps every ship built "
         "afterwards. Destroyers need <b>Ship Size 2</b>: buy it now (10 CP) with its "
         "button in the Research column.", "research_ship_size", researched, research,
         "research"),
    Step("build", "Build a ship",
         "Ships are built at a colony with Ship Yards, paid now and placed at once. You "
         "have 7 CP left: build a <b>Scout</b> (6 CP) at your homeworld. Next round, with "
         "Ship Size 2, you can build Destroyers.",
         lambda c: f"buy_SC_{home(c)}", bought, buy_scout, "purchases"),
    Step("cap", "What you do not spend",
         "CP left over is carried to the next round, but at most <b>30 CP</b>: more is lost. "
         "Plan to spend. Press <b>Done \u2014 end purchases</b>.",
         "done_button", purchases_over, end_purchases, "economic-phase"),
    play_step("warships", "Build warships",
              "Play on: explore, settle, and in the next Economic Phase build Destroyers "
              "(9 CP each). The guide comes back when your warships take the field. "
              "<b>Show me</b> plays your turn as the Easy computer would.",
              lambda c: bool(warships(c)) and at_movement(c), "units"),
    Step("group", "Move a group",
         "Warships of one type and technology in one hex form a <b>group</b>: one counter "
         "with the number of ships on it, moving and fighting as one. Select your warship "
         "group and move it toward the enemy's home system, at the far end of the map.",
         "hexmap", group_moved, move_group, "groups"),
    Step("to_battle", "Seek battle",
         "When ships of two empires meet in a hex, a battle follows the movement. Send "
         "your warships and scouts toward the enemy's counters, ending your movement each "
         "turn (and building in the Economic Phase). The guide comes back when a battle "
         "begins. <b>Show me</b> sends them for you.",
         target_play, battle_begun, seek_battle, "combat"),
    Step("odds", "The battle window",
         "The battle window lists both sides. The <b>odds</b> come from simulating this "
         "battle many times. Ships fire by <b>class</b> (A first, E last; the defender "
         "first on a tie); a shot hits on a die roll at or below its <b>to-hit number</b>: "
         "its attack strength (raised by Attack tech) minus the target's defence strength "
         "(raised by Defense tech). A ship is destroyed once it has taken as many hits as "
         "its hull size.", "battle_odds", section="combat-to-hit",
         applies=battle_begun),
    Step("screen", "Screening",
         "The side with more ships may <b>screen</b> some (keep them out of the fight); "
         "colony ships and miners are screened when warships are there. Confirm your "
         "choice.", "confirm_screen", lambda c: phase(c) != "combat_screen",
         partial(press, name="confirm_screen"),
         "combat-screening", applies=lambda c: deciding(c, "combat_screen")),
    Step("fire", "Fire, or retreat",
         "Pick a target for each of your groups (the button says the roll you need), or "
         "retreat to an adjacent hex after the first round. <b>Auto-resolve</b> plays the "
         "rest by the default choices.", target_battle, battle_over,
         lambda c: window_of(c).auto_resolve_battle(), "combat-retreat"),
    Step("after", "After the battle",
         "The battle's result stays on screen until you close its window: who won, what "
         "was lost. Press <b>Close</b>.", "close_battle", window_closed,
         partial(press, name="close_battle"), "combat-after"),
    play_step("growth", "Colonies grow",
              "Play on to the next Economic Phase.", at_economic_phase, "colonization"),
    Step("grown", "A colony growing", growth_text, "balance", section="income"),
    play_step("homeworld", "Attack a homeworld",
              "To win, destroy the enemy's homeworld: once no enemy warship is left in its "
              "hex, each of your ships there fires at it; a hit takes "
              f"{HOMEWORLD_STEP} CP off its production and the hit that leaves it nothing "
              "destroys it, putting its owner out. "
              "Keep building and attacking (or defend yours: Easy will come too). The guide "
              "comes back at the first attack on a homeworld.",
              homeworld_attacked, "combat-colonies"),
)


def at_movement(context: Context) -> bool:
    return phase(context) == "movement" and context.my_turn()


FINALE: Final = (
    "You have placed a homeworld, explored and read the markers, settled a planet, "
    "run an Economic Phase (income, maintenance, the bid, research, building, the "
    "30 CP carry-over cap), moved a group, fought a battle with its odds, classes, "
    "to-hit numbers, screening and retreat, watched a colony grow and seen a homeworld "
    "attacked. Play this game to its end, or start a new one (File &gt; New Game). "
    "The <b>advanced rules</b> (fighters and carriers, raiders, mines, pipelines and "
    "more) are chosen in New Game and described in Help &gt; Rules (F1).")


def tutorial() -> Tutorial:
    """Space Empires 4X's guided first game (the app record's ``tutorial``)."""
    return Tutorial(id=TUTORIAL_ID, game="se4x", title="Space Empires 4X: a guided game",
                    summary="Your first game, basic rules, against Easy, with a guide",
                    steps=STEPS, start=start_game, finale=FINALE)


__all__ = ["SEED", "STEPS", "TUTORIAL_ID", "tutorial"]
