"""SP4X's guided tour: one turn of the card game that drives the board, against Easy.

Why one turn, and these steps: SP4X's turn is the whole game in small.  Drawing a
card from an opponent (Old Maid), one main action (show a card or play a pair, and
what each does), carrying the card out on the board, spending resources on bonus
actions, and ending the turn; the Star card at the bottom of the deck is explained
beside the deck panel, as the deck may take many turns to run down to it.  The game
is a real one (three players, the smallest count, seeded so that the player goes
first and holds an Exploit card: showing it harvests the start tile, so there is
something to spend); *Show me* takes the step's decisions through the path a click
takes (the window's ``act`` and ``draw_from``, the End turn button), choosing as the
Easy computer player would where the step leaves a choice.

A player who does something else is followed: with nothing to spend the turn ends by
itself, and the spending step explains instead of waiting (``applies``).  Each step
names the widget it highlights, so a test can follow the tour by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from PySide6.QtWidgets import QAbstractButton, QWidget

from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import PLAYER_COLOURS
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.perform import TASK_PHASES
from se4x_qt.games.sp4x import reference, texts
from se4x_qt.learn.tutorial import Context, Step, Tutorial
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.seats_panel import NewGameChoice

if TYPE_CHECKING:
    from se4x_qt.games.sp4x.window import Sp4xWindow
    from se4x_qt.shell.game_window import GameWindow
    from se4x_qt.shell.shell import AppShell

Observation = dict[str, Any]
TUTORIAL_ID: Final = "sp4x-tour"
GAME: Final = "sp4x"
LEVEL: Final = "easy"  # the computer players' level (its record's spec)
# The deal the steps were written on: you go first, holding an Exploit card, on a Gly
# Hill (1 plastic, 1 food): the harvest pays a man's move onto the Mothership and
# leaves a plastic, so the turn is still yours to end.
SEED: Final = 28
PLAYERS: Final = 3  # the smallest count the game allows
NAMES: Final = ["Captain"] + [f"{PLAYER_COLOURS[p]} (Easy)" for p in range(1, PLAYERS)]
PLAY_ON_LIMIT: Final = 100  # decisions one *Show me* takes at most (a card's are fewer)
MOTHERSHIP: Final = (0, 0)
#: The phases of a main action being carried out (a task, or a Star chain's order).
ACTING: Final = TASK_PHASES | {"acting", "star_order"}
#: The events of a main action (a shown card, a pair, the AI, an empty hand's turn).
MAIN_EVENTS: Final = ("showed", "paired", "ai_paired", "plan_laid", "took_top", "passed",
                      "laid")
#: The events of a bonus action bought with resources.
SPEND_EVENTS: Final = ("road_built", "men_placed", "moved")
#: What to do on the board for the card being carried out.
HOW: Final = {
    "exploit": "Click your lit tile to harvest everything it shows; the resources go onto "
               "your tracks, bottom left.",
    "move": "Click one of your men's tiles, then a lit tile: he walks there, or onto a "
            "dashed space, which explores it and places the next tile of the stack.",
    "build": "Click a tile with your man, then a neighbouring lit tile: a road joins them.",
    "men": "Click a lit tile with your base: two new men come onto it.",
}


# -- reading the game -------------------------------------------------------------------------
def window_of(context: Context) -> Sp4xWindow:
    return cast("Sp4xWindow", context.window)


def me(context: Context) -> int:
    return int(context.driver.viewer)


def phase(context: Context) -> str:
    return str(context.observation()["phase"])


def my_turn(context: Context) -> bool:
    """It is the player's turn (whoever takes its current decision)."""
    return int(context.observation()["active_player"]) == me(context)


def deciding(context: Context, *phases: str) -> bool:
    """The player at the screen decides now, in one of ``phases``."""
    return context.my_turn() and phase(context) in phases


def legal(context: Context) -> list[Action]:
    return window_of(context).legal()


def saw_mine(context: Context, *kinds: str) -> bool:
    """The player did one of ``kinds`` since the step began."""
    return any(context.saw(kind, player=me(context)) for kind in kinds)


def opponents(context: Context) -> list[int]:
    """The other players in the order their panels list them (clockwise from you)."""
    count = len(context.observation()["players"])
    return [(me(context) + k) % count for k in range(1, count)]


def usable_cards(context: Context) -> list[str]:
    return [a.card for a in legal(context) if a.kind in ("show", "pair", "ai_pair")
            and a.card is not None]


# -- the steps' tests ----------------------------------------------------------------------------
def drawn(context: Context) -> bool:
    """The player drew from a hand (or their turn went past the draw: nobody to draw
    from)."""
    return saw_mine(context, "drew") or (my_turn(context) and phase(context) != "draw")


def main_done(context: Context) -> bool:
    return saw_mine(context, *MAIN_EVENTS) or context.driver.is_over


def card_over(context: Context) -> bool:
    """The main action is carried out: the player spends, or the turn has passed."""
    return context.driver.is_over or not my_turn(context) or phase(context) not in ACTING


def carrying_out(context: Context) -> bool:
    return not card_over(context)


def spending(context: Context) -> bool:
    """The player spends resources now (with nothing affordable the turn ends by itself)."""
    return not context.driver.is_over and deciding(context, "spend")


def not_spending(context: Context) -> bool:
    return not spending(context)


def spent(context: Context) -> bool:
    return saw_mine(context, *SPEND_EVENTS) or not spending(context)


def turn_over(context: Context) -> bool:
    return context.saw("turn") or context.saw("age_ended") or context.driver.is_over or \
        not my_turn(context)


# -- what the steps highlight -------------------------------------------------------------------
def draw_choice(context: Context) -> int:
    """The first player whose hand may be drawn from (the next player when none may now)."""
    drawable = {a.player for a in legal(context) if a.kind == "draw"}
    order = opponents(context)
    return next((p for p in order if p in drawable), order[0])


def draw_target(context: Context) -> str:
    return f"hand_of_{draw_choice(context)}"


def card_target(context: Context) -> str:
    """The card to use (Exploit if it may be shown), or the bar once a card is chosen."""
    if window_of(context).selected_card is not None:
        return "sp4x_actions"
    cards = usable_cards(context)
    if not cards:
        return "sp4x_actions" if deciding(context, "main") else "sp4x_hand_strip"
    return f"card_{'exploit' if 'exploit' in cards else cards[0]}"


def button_named(context: Context, prefix: str) -> QWidget | None:
    """The shown button whose objectName begins with ``prefix`` (the action bar numbers
    its buttons)."""
    for button in window_of(context).findChildren(QAbstractButton):
        if button.objectName().startswith(prefix) and button.isVisible():
            return button
    return None


def end_target(context: Context) -> QWidget | None:
    return button_named(context, "action_end_turn") or context.find("sp4x_actions")


# -- doing it for the player (Show me) ------------------------------------------------------------
def draw(context: Context) -> None:
    """Draw from the highlighted hand, as a click on it does."""
    if deciding(context, "draw"):
        window_of(context).draw_from(draw_choice(context))


def main_action(context: Context) -> None:
    """Show Exploit (its harvest pays for the spending step); else play a pair (it
    scores), else show the first card, as the action bar's buttons do."""
    if not deciding(context, "main"):
        return
    choices = legal(context)
    exploit = Action("show", card="exploit")
    pairs = [a for a in choices if a.kind == "pair"]
    shows = [a for a in choices if a.kind == "show"]
    action = exploit if exploit in choices else (pairs or shows or choices)[0]
    window_of(context).act(action)


def helper_bot(context: Context) -> Any:
    """The Easy computer player that decides for the player in *Show me*."""
    bot = context.memory.get("bot")
    if bot is None:
        bot = registry.make_bot(GAME, LEVEL, SEED)
        context.memory["bot"] = bot
    return bot


def carry_out(context: Context) -> None:
    """Take the card's decisions as the Easy computer player would, until it is carried
    out or another player must decide (a War's loss)."""
    bot = helper_bot(context)
    for _ in range(PLAY_ON_LIMIT):
        if card_over(context) or not context.my_turn():
            return
        game = context.driver.game
        if bot.needs_information_set:
            bot.inform(game.information_set(me(context)))
        action = bot.step(game.observation(me(context)), game.legal_actions())
        if not window_of(context).act(action):
            return


def spend_one(context: Context) -> None:
    """Buy one bonus action: a man's move onto the Mothership (its bonus point), else a
    new man, else a road."""
    if not spending(context):
        return
    choices = legal(context)
    buys = ([a for a in choices if a.kind == "buy_move" and a.dst == MOTHERSHIP]
            or [a for a in choices if a.kind == "buy_man"]
            or [a for a in choices if a.kind in ("buy_road", "buy_move")])
    if buys:
        window_of(context).act(buys[0])


def end_turn(context: Context) -> None:
    button = button_named(context, "action_end_turn")
    if isinstance(button, QAbstractButton) and button.isEnabled():
        button.click()


# -- the steps' words ---------------------------------------------------------------------------
def welcome_text(context: Context) -> str:
    colour = PLAYER_COLOURS[me(context)]
    return (f"You play <b>{colour}</b> against two computer players (Easy). SP4X is Old Maid "
            "driving a board of hex tiles: every card is an action on the board, pairs score "
            "points, and after two ages the most points wins. This guide highlights what to "
            "use and waits until you have done it; <b>Show me</b> does a step for you, "
            "<b>Why?</b> opens the rules.")


def main_text(context: Context) -> str:
    hand = context.observation()["hand"]
    advice = ("This time, click <b>Exploit</b> in your hand, then <b>Show Exploit</b> in the "
              "bar: its harvest pays for the next step." if "exploit" in hand else
              "Click a card in your hand, then choose in the bar below the board.")
    return ("Now one main action. <b>Show</b> a card: carry out its single action, take it "
            "back and take the deck's top card too; everyone now knows you hold it. "
            "<b>Play a pair</b>: a stronger action that scores points, both cards "
            f"discarded. {advice}")


def act_text(context: Context) -> str:
    current = phase(context)
    how = HOW.get(current, texts.PHASE_PROMPTS.get(current, "Follow the bar below the board")
                  + ".")
    return ("Carry the card out on the board: the tiles you may use are lit and the bar "
            f"below the board says what is asked. {how} All of it is optional: "
            "<b>Done</b> stops.")


SPEND_WORDS: Final = (
    "<b>1 plastic</b>: a road from a tile with your man; <b>1 food</b>: a new man on a "
    "tile with your base, or one man moves along your roads and one step. Metal buys "
    "nothing now: it saves a piece in a War.")


def spend_text(context: Context) -> str:
    return ("After the main action, spend resources on bonus actions, as many as you can "
            f"pay for. {SPEND_WORDS} Try it: click your man's tile, then the lit "
            "<b>Mothership</b>: a man there adds 1 bonus point to every pair you score.")


def spend_info_text(context: Context) -> str:
    return ("After the main action you may spend resources on bonus actions. "
            f"{SPEND_WORDS} With nothing to spend, the turn ends by itself, as yours did; "
            "Exploit is how you gather resources.")


def star_text(context: Context) -> str:
    obs = context.observation()
    above = int(obs["deck_size"]) - 1
    where = ("The deck is spent: the <b>Star card</b> is up." if obs["star_exposed"] else
             f"The deck lies face up with the <b>Star card</b> at its bottom; {above} "
             f"card{'s' if above != 1 else ''} above it, one taken with each shown card.")
    return (f"{where} Once the Star card is up, a shown card starts a <b>Star chain</b>: the "
            "next player holding the same card lays one too, everybody carries out the pair "
            "action, and only those who laid a card score. Hold many cards when it is near.")


def act_section(context: Context) -> str:
    return reference.PHASE_SECTIONS.get(phase(context), "cards")


# -- the tutorial ----------------------------------------------------------------------------------
def start_game(shell: AppShell, parent: QWidget | None) -> GameWindow:
    """A new game for the tour: you against Easy, three players, the tour's deal."""
    config = {"players": PLAYERS, "seed": SEED}
    seats = [Seat(HUMAN)] + [Seat(COMPUTER, LEVEL)] * (PLAYERS - 1)
    shell.start_game(NewGameChoice(config, list(NAMES), seats, {}, GAME), parent)
    return shell.window_for(GAME)


STEPS: Final = (
    Step("welcome", "Welcome to SP4X", welcome_text, "sp4x_board", section="overview"),
    Step("draw", "Draw a card from an opponent",
         "Each turn begins as in Old Maid: click an opponent's face-down hand (lit, on the "
         "right; or its Draw button below the board) to take a card from it at random. Only "
         "the two of you learn which card it was. Cards you are sure a player holds are "
         "shown face up in their hand.",
         draw_target, drawn, draw, "draw"),
    Step("main", "Show a card, or play a pair", main_text, card_target, main_done,
         main_action, "show-card"),
    Step("act", "Carry out the card", act_text, "sp4x_board", card_over, carry_out,
         act_section, applies=carrying_out),
    Step("spend", "Spend your resources", spend_text, "sp4x_board", spent, spend_one,
         "spending", applies=spending),
    Step("spend_info", "Spending resources", spend_info_text, "sp4x_hand_strip",
         section="spending", applies=not_spending),
    Step("star", "The Star card", star_text, "deck_panel", section="star-card"),
    Step("end_turn", "End your turn",
         "Spend more if you like, then press <b>End turn</b>: the player on your left goes "
         "next. An age ends when a player whose last card is the AI shows it; after the "
         "second age, the most points wins.",
         end_target, turn_over, end_turn, "turn", applies=spending),
)

FINALE: Final = (
    "You have drawn from an opponent's hand, shown a card (or played a pair) and carried "
    "it out on the board, spent resources on bonus actions and ended a turn, and you know "
    "where the Star card waits. Play on: pairs score, the AI pairs with any card, and a "
    "great War hurts everyone. Every card, tile and score is in <b>Help &gt; Rules</b> "
    "(F1 opens them at the decision the game waits for).")


def tutorial() -> Tutorial:
    """SP4X's guided tour (the app record's ``tutorial``)."""
    return Tutorial(id=TUTORIAL_ID, game=GAME, title="SP4X: a guided tour",
                    summary="One turn of SP4X against Easy: draw, play, spend, end",
                    steps=STEPS, start=start_game, finale=FINALE,
                    reference=reference.REFERENCE)


__all__ = ["SEED", "STEPS", "TUTORIAL_ID", "tutorial"]
