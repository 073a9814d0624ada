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


def step_text(step: StepId | str, lang: str) -> str:
    """The step's name as the stepper and the log show it."""
    match StepId(step):
        case StepId.SETUP:
            return render("setting up", lang)
        case StepId.CYCLE_DESPAIR:
            return render("investigation phase: despair event", lang)
        case StepId.DECLARE:
            return render("investigation phase: declare actions", lang)
        case StepId.FOLLOW_UP:
            return render("investigation phase: critical scout follow-up", lang)
        case StepId.TIME_DESPAIR:
            return render("time phase: despair event", lang)
        case StepId.SLEEPWALK:
            return render("time phase: sleepwalking", lang)
        case StepId.HOLD_BACK:
            return render("time phase: holding sleepwalkers back", lang)
        case StepId.CHOOSE:
            return render("time phase: move, wait or leave", lang)
        case StepId.PURSUER:
            return render("time phase: pursuer", lang)
        case StepId.INCIDENT_START:
            return render("event phase: start", lang)
        case StepId.INCIDENT_RESOLVE:
            return render("event phase: map card events", lang)
        # ♦ diamonds and the bone (issue 14)
        case StepId.REMAINS:
            return render("event phase: remains search", lang)
        case StepId.TEAR_CHOICE:
            return render("event phase: tear spirit — combat or acceptance", lang)
        case StepId.TEAR_SUMMON:
            return render("event phase: tear-spirit summoning", lang)
        case StepId.TEAR_COMBAT:
            return render("event phase: tear-spirit combat", lang)
        case StepId.TEAR_ACCEPT:
            return render("event phase: accepting the tear spirit", lang)
        case StepId.TREASURE:
            return render("event phase: treasure", lang)
        case StepId.END:
            return render("end of cycle", lang)
        case StepId.NIGHT:
            return render("night cycle (GM)", lang)
        case _:
            return render("left the exploration", lang)


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
