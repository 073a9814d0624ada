"""The phase banner of a seat's page: where the game stands, read from the seat's view.

The GUI's players' window asks each ruleset's GUI part for this
(``app/rulesets``); the engine has no such hook, so the service reads the two
places a shipped ruleset keeps it — the Upland's cycle and step (CYC-1), a CoC
combat's round and actor — and imports each ruleset only when a session of it
is served.  A ruleset with neither shows no banner.
"""

from __future__ import annotations

from engine.core.state import State
from engine.i18n import LANGS, render


def banner(view: State, lang: str) -> str | None:
    """``Cycle 3 — Time phase`` or ``Round 2 — Mina's turn``; None when the game has neither."""
    if "upland" in view.slices:
        return _upland(view, lang)
    if "coc6" in view.slices:
        return _coc(view, lang)
    return None


def _upland(view: State, lang: str) -> str | None:
    from engine.upland.slice import cycle_now
    from engine.upland.texts import step_text

    cycle = cycle_now(view)
    if cycle is None:
        return None
    return render("Cycle {number} — {phase}", lang, number=cycle.cycle, phase=step_text(cycle.step, lang))


def _coc(view: State, lang: str) -> str | None:
    from engine.coc6.player_view import unshown_number
    from engine.coc6.state import CocState

    coc = view.slices.get("coc6")
    if not isinstance(coc, CocState) or coc.combat is None:
        return None
    actor = coc.combat.actor
    if unshown_number(actor) is not None:  # an NPC the players have not met: nobody is named
        phase = render("The keeper's turn", lang)
    else:
        phase = render("{name}'s turn", lang, name=actor)
    return render("Round {number} — {phase}", lang, number=coc.combat.round, phase=phase)


def combat_words(view: State) -> dict[str, dict[str, str]]:
    """The words of the round order's conditions (スタン, 転倒 …) and of each combatant's HP state
    (``state:NAME``) in both languages, by key."""
    if "coc6" not in view.slices:
        return {}
    from engine.coc6.state import CocState
    from engine.coc6.texts import word

    coc = view.slices.get("coc6")
    if not isinstance(coc, CocState) or coc.combat is None:
        return {}
    kinds = {str(c.kind) for who in coc.combat.combatants.values() for c in who.conditions}
    words: dict[str, dict[str, str]] = {kind: {lang: word(kind, lang) for lang in LANGS} for kind in sorted(kinds)}
    # each combatant's HP state (conscious, unconscious, dying, dead: HP-B-1), which the view's JSON
    # does not carry as a field of its own
    for name, who in coc.combat.combatants.items():
        words[f"state:{name}"] = {lang: word(str(who.state), lang) for lang in LANGS}
    return words


__all__ = ["banner", "combat_words"]
