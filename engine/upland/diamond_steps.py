"""The ♦ events' entries of the step table: one per event stage,
each with its rules, the commands that resolve it, what it shows and what it
tells the GM.  :data:`engine.upland.stepper.UPLAND_FLOW` adds them in one line.

The views (:mod:`engine.upland.diamond_views`) build
:class:`engine.upland.step_view.View` values and load on first use; each entry
is made by :func:`engine.upland.step_view.upland_step` like the stepper's own.
"""

from __future__ import annotations

from types import ModuleType

from engine.i18n import render
from engine.rulesets.steps import Step
from engine.upland.procedure import StepId
from engine.upland.step_view import StepInfo, Tells, ViewOf, lazy_view, upland_step
from engine.upland.texts import card_text


def _diamond_views() -> ModuleType:
    from engine.upland import diamond_views

    return diamond_views


def _view(name: str) -> ViewOf:
    return lazy_view(_diamond_views, name)


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


DIAMOND_STEPS: tuple[Step[StepInfo], ...] = (
    _step(
        StepId.REMAINS, ("REM-1", "REM-2"), "upland_search_remains", _view("remains_view"), _remains_tells, diamond=True
    ),
    _step(
        StepId.TEAR_CHOICE,
        ("TEAR-1",),
        "upland_choose_tear_spirit",
        _view("tear_choice_view"),
        _choice_tells,
        diamond=True,
    ),
    _step(StepId.TEAR_SUMMON, ("TEAR-2", "BONE-1"), "upland_summon_tear_spirit", _view("summon_view"), _summon_tells),
    _step(
        StepId.TEAR_COMBAT,
        ("TEAR-3", "TEAR-4", "TEAR-5", "BONE-1"),
        "upland_tear_combat_round",
        _view("combat_view"),
        _combat_tells,
    ),
    _step(StepId.TEAR_ACCEPT, ("TEAR-6",), "upland_accept_tear_spirit", _view("accept_view"), _accept_tells),
    # the treasure's own roll resolves it; nothing else is taken meanwhile
    upland_step(
        StepId.TREASURE,
        ("TRS-1", "TRS-2", "TRS-3", "ENC-11"),
        ("upland_roll_treasure",),
        _view("treasure_view"),
        _treasure_tells,
    ),
)
