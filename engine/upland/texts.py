"""Words the Upland log lines and the stepper share: levels, actions, steps,
sheet fields — each an English source with its Japanese entry in
``engine/locale/ja/upland.toml``."""

from __future__ import annotations

from engine.i18n import render
from engine.table.cards import SUIT_NAME, Suit, parse_card
from engine.upland.procedure import Action, StepId, WaitAction


def level_text(level: str, lang: str) -> str:
    match level:
        case "critical":
            return render("critical success", lang)
        case "special":
            return render("special success", lang)
        case "success":
            return render("success", lang)
        case "failure":
            return render("failure", lang)
        case _:
            return render("fumble", lang)


def action_text(action: Action | str, lang: str) -> str:
    match Action(action):
        case Action.SCOUT:
            return render("scout", lang)
        case Action.VISION:
            return render("vision", lang)
        case Action.PRAYER:
            return render("prayer", lang)
        case Action.RESONANCE:
            return render("resonance", lang)
        case _:
            return render("no action", lang)


def wait_text(action: WaitAction | str, lang: str) -> str:
    match WaitAction(action):
        case WaitAction.SLEEP:
            return render("sleep", lang)
        case WaitAction.REST:
            return render("rest", lang)
        case _:
            return render("watch", lang)


#: Each step's name as the stepper, the log and the step refusals show it (English source).
STEP_TITLES: dict[StepId, str] = {
    StepId.SETUP: "setting up",
    StepId.CYCLE_DESPAIR: "investigation phase: despair event",
    StepId.DECLARE: "investigation phase: declare actions",
    StepId.FOLLOW_UP: "investigation phase: critical scout follow-up",
    StepId.TIME_DESPAIR: "time phase: despair event",
    StepId.SLEEPWALK: "time phase: sleepwalking",
    StepId.HOLD_BACK: "time phase: holding sleepwalkers back",
    StepId.CHOOSE: "time phase: move, wait or leave",
    StepId.PURSUER: "time phase: pursuer",
    StepId.INCIDENT_START: "event phase: start",
    StepId.INCIDENT_RESOLVE: "event phase: map card events",
    StepId.REMAINS: "event phase: remains search",
    StepId.TEAR_CHOICE: "event phase: tear spirit — combat or acceptance",
    StepId.TEAR_SUMMON: "event phase: tear-spirit summoning",
    StepId.TEAR_COMBAT: "event phase: tear-spirit combat",
    StepId.TEAR_ACCEPT: "event phase: accepting the tear spirit",
    StepId.TREASURE: "event phase: treasure",
    StepId.END: "end of cycle",
    StepId.NIGHT: "night cycle (GM)",
    StepId.LEFT: "left the exploration",
}


def step_text(step: StepId | str, lang: str) -> str:
    """The step's name as the stepper and the log show it."""
    return render(STEP_TITLES[StepId(step)], lang)


def field_text(field: str, lang: str) -> str:
    """A sheet field's label (characteristics stay as they are)."""
    labels = {
        "hp": render("HP", lang),
        "hp_max": render("max HP", lang),
        "mp": render("MP", lang),
        "mp_max": render("max MP", lang),
        "spirit_pressure": render("spirit pressure", lang),
        "call": render("the Call", lang),
        "death_rite": render("Death Rite", lang),
        "remains": render("remains", lang),
        "fatigue_thirds": render("fatigue", lang),
        "moving_weight": render("moving weight", lang),
        "worn_load": render("worn load", lang),
        "food": render("food", lang),
        "money": render("lunars", lang),
        "light_armour": render("at most thick leather", lang),
        "immune_to_despair": render("immune to despair", lang),
    }
    return labels.get(field, field)


def suit_text(card: str, lang: str) -> str:
    """The suit of a card in words (スペード / spades); jokers by name."""
    parsed = parse_card(card)
    if parsed.suit is None:
        return parsed.display(lang)
    return SUIT_NAME["ja" if lang == "ja" else "en"][Suit(parsed.suit)]


def card_text(card: str, lang: str) -> str:
    return parse_card(card).display(lang)


def names_text(names: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(names) if names else render("nobody", lang)
