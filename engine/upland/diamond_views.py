"""What each ♦ stage shows (the ``view`` of each entry of
:data:`engine.upland.diamond_steps.DIAMOND_STEPS`): the card, the spirit's
numbers, the summoners' and searchers' choices.  They read the rule modules,
so the step table loads them on first use only (as ``engine.upland.step_views``).
"""

from __future__ import annotations

from engine.core.state import State
from engine.upland.diamond_support import members
from engine.upland.facts import cycle_of, options, sheet_of
from engine.upland.incident_phase import IncidentCard, current_incident_card, incident_card
from engine.upland.skills import skill_set_menu
from engine.upland.slice import party_squares
from engine.upland.step_view import Choice, View
from engine.upland.tear_spirit import SUMMONING_SKILLS


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


def remains_view(state: State) -> View:
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
        squares=party_squares(state),
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


def tear_choice_view(state: State) -> View:
    return View(
        incident=_incident(state),
        cards=_card_of(state),
        choices=(Choice("mode", ("combat", "accept"), default="combat"),),
        counts=_tear_counts(state),
    )


def summon_view(state: State) -> View:
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


def combat_view(state: State) -> View:
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


def accept_view(state: State) -> View:
    choices = tuple(Choice("adjust", ("none", "up", "down"), c, default="none") for c in members(state))
    return View(
        incident=_incident(state),
        cards=_card_of(state),
        characters=tuple(members(state)),
        choices=choices,
        counts=_tear_counts(state),
    )


def treasure_view(state: State) -> View:
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
