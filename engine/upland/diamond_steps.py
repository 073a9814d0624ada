"""The ♦ events' entries of the step table (issue 14): one per event stage,
each with its rules, the commands that resolve it, what it shows and what it
tells the GM.  :data:`engine.upland.stepper.UPLAND_FLOW` adds them in one line.

The views build :class:`engine.upland.step_view.View` values; each entry is
made by :func:`engine.upland.step_view.upland_step` like the stepper's own.
"""

from __future__ import annotations

from engine.core.state import State
from engine.i18n import render
from engine.rulesets.steps import Step
from engine.upland.diamond_support import members
from engine.upland.facts import cycle_of, options, sheet_of
from engine.upland.incident_phase import IncidentCard, current_incident_card, incident_card
from engine.upland.procedure import StepId
from engine.upland.skills import skill_set_menu
from engine.upland.step_view import Choice, StepInfo, Tells, View, ViewOf, upland_step
from engine.upland.tear_spirit import SUMMONING_SKILLS
from engine.upland.texts import card_text


def _diamonds_in_hand(state: State, character: str) -> tuple[str, ...]:
    return tuple(c for c in state.hands.get(character, ()) if c.endswith("D"))


def _hearts_in_hand(state: State, character: str) -> tuple[str, ...]:
    return tuple(c for c in state.hands.get(character, ()) if c.endswith("H"))


def summoning_skills(state: State, character: str, bone: bool) -> tuple[str, ...]:
    """TEAR-2: the skills ``character`` may summon (or taunt, TEAR-4) with, best first."""
    sheet = sheet_of(state, character)
    names = [n for n in sheet.skills if bone or n in SUMMONING_SKILLS]
    return tuple(sorted(names, key=lambda n: -sheet.skills[n].value))


def _card_of(state: State) -> tuple[str, ...]:
    tear = cycle_of(state).diamonds.tear
    if tear is not None:
        return (tear.card,)
    card = current_incident_card(state)
    return (card,) if card else ()


def _incident(state: State) -> IncidentCard | None:
    card = current_incident_card(state)
    return incident_card(state, card) if card else None


def _remains_view(state: State) -> View:
    from engine.upland.obstacle import overcome_obstacle

    choices = []
    for c in members(state):
        menu = skill_set_menu(sheet_of(state, c), "requiem", options(state))
        if menu:
            choices.append(Choice("skill", tuple(m.skill for m in menu), c, default=menu[0].skill))
        if _hearts_in_hand(state, c):
            choices.append(Choice("heart", _hearts_in_hand(state, c), c))
    return View(
        incident=_incident(state),
        characters=tuple(members(state)),
        cards=_card_of(state),
        squares=(state.party,) if state.party else (),
        choices=tuple(choices),
        more_commands=("upland_obstacle_diamond",) if overcome_obstacle(state) else (),  # OBS-4
    )


def _tear_counts(state: State) -> dict[str, int]:
    tear = cycle_of(state).diamonds.tear
    if tear is None:
        return {}
    out = {"strength": tear.strength, "call": tear.call, "round": tear.round, "bone": int(tear.bone)}
    if tear.pow is not None and tear.mp is not None:
        out |= {"pow": tear.pow, "mp": tear.mp}
    return out


def _tear_choice_view(state: State) -> View:
    return View(
        incident=_incident(state),
        cards=_card_of(state),
        choices=(Choice("mode", ("combat", "accept"), default="combat"),),
        counts=_tear_counts(state),
    )


def _summon_view(state: State) -> View:
    tear = cycle_of(state).diamonds.tear
    bone = tear is not None and tear.bone
    choices = []
    for c in members(state):
        skills = summoning_skills(state, c, bone)
        if skills:
            choices.append(Choice("summon", skills, c, default=skills[0]))
    return View(
        incident=_incident(state),
        cards=_card_of(state),
        characters=tuple(ch.character or "" for ch in choices),
        choices=tuple(choices),
        counts=_tear_counts(state),
    )


def _combat_view(state: State) -> View:
    tear = cycle_of(state).diamonds.tear
    target = tear.target if tear is not None else None
    choices = [Choice("strike", ("mp", "death_rite"), target, default="mp")]
    for c in members(state):
        if c == target:
            continue
        skills = summoning_skills(state, c, bool(tear and tear.bone))
        if skills:
            choices.append(Choice("taunt", skills, c))
    return View(
        incident=_incident(state),
        cards=_card_of(state),
        characters=(target,) if target else (),
        choices=tuple(choices),
        counts=_tear_counts(state),
    )


def _accept_view(state: State) -> View:
    choices = tuple(Choice("adjust", ("none", "up", "down"), c, default="none") for c in members(state))
    return View(
        incident=_incident(state),
        cards=_card_of(state),
        characters=tuple(members(state)),
        choices=choices,
        counts=_tear_counts(state),
    )


def _treasure_view(state: State) -> View:
    due = cycle_of(state).diamonds.treasure
    choices = []
    for c in members(state):
        menu = skill_set_menu(sheet_of(state, c), "notice", options(state))
        if menu:
            choices.append(Choice("notice", tuple(m.skill for m in menu), c))
        if _diamonds_in_hand(state, c):
            choices.append(Choice("diamond", _diamonds_in_hand(state, c), c))
    return View(
        cards=(due.card,) if due else (),
        characters=tuple(members(state)),
        choices=tuple(choices),
        counts={"cap": due.cap} if due else {},
    )


def _remains_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Remains on {card}: each searcher pays 1 fatigue and rolls the Requiem set at once; finds stop at the card's strength; a heart replaces a roll; a fumble raises a tear spirit (REM-1, REM-2). Nobody searching leaves it face up.",  # noqa: E501
        lang,
        card=card_text(info.cards[0], lang) if info.cards else "",
    )


def _choice_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Tear spirit of strength {strength}: fight it (a summoning comes first) or accept it (TEAR-1).",
        lang,
        strength=info.counts.get("strength", 0),
    )


def _summon_tells(info: StepInfo, lang: str) -> str:
    if info.counts.get("bone"):
        return render(
            "The lingering bone challenges the party: summon it (any skill may be its resonance target); it attacks the character of the third response first (BONE-1, TEAR-2).",  # noqa: E501
            lang,
        )
    return render(
        "Summoning (one hour): each summoner rolls a summoning skill; the best result gathers the spirit, its POW from the summoning table (TEAR-2).",  # noqa: E501
        lang,
    )


def _combat_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Round {round}: the spirit (POW {pow}, MP {mp}, Call {call}) attacks {names}, who strikes back with MP or Death Rite; others may taunt (TEAR-3, TEAR-4, TEAR-5).",  # noqa: E501
        lang,
        round=info.counts.get("round", 0) + 1,
        pow=info.counts.get("pow", 0),
        mp=info.counts.get("mp", 0),
        call=info.counts.get("call", 0),
        names=info.who(lang),
    )


def _accept_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Acceptance: whoever wishes rolls Death Rite and moves the spirit pressure up or down by the degree; then {strength} Call is shared out, lowest spirit pressure first (TEAR-6).",  # noqa: E501
        lang,
        strength=info.counts.get("strength", 0),
    )


def _treasure_tells(info: StepInfo, lang: str) -> str:
    return render(
        "Treasure (cap {cap}): 2D6 gives the rank; anyone may pay 1 fatigue for a Notice roll (best degree added, any fumble loses it), or play a diamond as the rank (TRS-1, TRS-2, TRS-3, ENC-11).",  # noqa: E501
        lang,
        cap=info.counts.get("cap", 0),
    )


#: The GM may still resolve the due card by hand at a ♦ stage (EVT-3), except the treasure's.
_BY_HAND = "upland_resolve_event"
#: TRS-1: the due card's enemy eliminated at any stage of its event (offered by the GM's menu, not the stepper).
_OPEN_TREASURE = "upland_open_treasure"
#: OBS-4: a ♦ after an overcome obstacle, while the next card's event has not begun.
_OBSTACLE_DIAMOND = "upland_obstacle_diamond"


def _step(
    step: StepId,
    rules: tuple[str, ...],
    move: str,
    view: ViewOf,
    tells: Tells,
    diamond: bool = False,
) -> Step[StepInfo]:
    later = (_OBSTACLE_DIAMOND,) if diamond else ()
    return upland_step(
        step, rules, (move, _BY_HAND, _OPEN_TREASURE, *later), view, tells, when=(_OPEN_TREASURE, *later)
    )


DIAMOND_STEPS: tuple[Step, ...] = (
    _step(StepId.REMAINS, ("REM-1", "REM-2"), "upland_search_remains", _remains_view, _remains_tells, diamond=True),
    _step(StepId.TEAR_CHOICE, ("TEAR-1",), "upland_choose_tear_spirit", _tear_choice_view, _choice_tells, diamond=True),
    _step(StepId.TEAR_SUMMON, ("TEAR-2", "BONE-1"), "upland_summon_tear_spirit", _summon_view, _summon_tells),
    _step(
        StepId.TEAR_COMBAT,
        ("TEAR-3", "TEAR-4", "TEAR-5", "BONE-1"),
        "upland_tear_combat_round",
        _combat_view,
        _combat_tells,
    ),
    _step(StepId.TEAR_ACCEPT, ("TEAR-6",), "upland_accept_tear_spirit", _accept_view, _accept_tells),
    # the treasure's own roll resolves it; nothing else is taken meanwhile
    upland_step(
        StepId.TREASURE,
        ("TRS-1", "TRS-2", "TRS-3", "ENC-11"),
        ("upland_roll_treasure",),
        _treasure_view,
        _treasure_tells,
    ),
)
