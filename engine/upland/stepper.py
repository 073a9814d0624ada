"""The query API of the phase stepper panel: :func:`current_step`.

Everything is computed from the state at the moment of the call — the stored
procedure says only which step the GM stands at — so the panel is right after
any free board command, undo or reload.  :class:`StepInfo` names the squares,
cards, characters and markers to highlight, the choices the step needs, the
command types that resolve it and a short instruction in ja/en (``text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.state import State
from engine.i18n import render
from engine.upland.cycle import despair_participants, sleepwalk_candidates
from engine.upland.event_phase import EventCard, current_event_card, event_card
from engine.upland.facts import bone_square, options, party, spades_in_hand, strength
from engine.upland.investigation import highest_skill, investigation_targets
from engine.upland.procedure import PHASE_OF, Action, Phase, StepId, WaitAction
from engine.upland.pursuer import pursuer
from engine.upland.skills import skill_set_menu
from engine.upland.slice import cycle_now
from engine.upland.texts import names_text, step_text
from engine.upland.time_phase import HOLD_BACK_COST, forbidden_wait_actions


@dataclass(frozen=True)
class Choice:
    """Something the step needs decided: ``kind`` says what, ``options`` the legal
    answers (square names, skills, character ids, …), ``default`` the engine's pick."""

    kind: str
    options: tuple[str, ...]
    character: str | None = None
    action: str | None = None
    default: str | None = None


@dataclass(frozen=True)
class StepInfo:
    cycle: int
    phase: Phase
    step: StepId
    rules: tuple[str, ...]
    #: ``type`` values of the commands that resolve this step.
    commands: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    squares: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    #: Characters whose investigation markers are on the map.
    markers: tuple[str, ...] = ()
    event: EventCard | None = None
    done: bool = False
    names: dict[str, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def title(self, lang: str = "ja") -> str:
        return step_text(self.step, lang)

    def text(self, lang: str = "ja") -> str:
        """The GM's instruction for this step."""
        who = names_text([self.names.get(c, c) for c in self.characters], lang)
        match self.step:
            case StepId.SETUP:
                return render(
                    "Put the party token on the map and give every character an Upland sheet, then start the exploration.",
                    lang,
                )
            case StepId.CYCLE_DESPAIR | StepId.TIME_DESPAIR:
                return render(
                    "Despair event: {names} resist with POW against their own spirit pressure; each failure puts its strongest spade on the squares nearest the gate.",
                    lang,
                    names=who,
                )
            case StepId.DECLARE:
                return render(
                    "Each character declares scout, vision, prayer, resonance or no action ({declared}/{total} declared); then resolve: all roll at once, results in marching order.",
                    lang,
                    declared=self.counts.get("declared", 0),
                    total=self.counts.get("total", 0),
                )
            case StepId.FOLLOW_UP:
                return render(
                    "Critical scout: {names} may learn the suit of one square next to the scouted square (or set a hand card on a blank one), or pass.",
                    lang,
                    names=who,
                )
            case StepId.SLEEPWALK:
                return render(
                    "Sleepwalking: {names} (Call above POW) resist with the Call against POW; a success walks toward the lingering bone.",
                    lang,
                    names=who,
                )
            case StepId.HOLD_BACK:
                return render(
                    "Sleepwalkers {names}: another character may hold each back for 1 fatigue (success) or 2 (special); a critical cannot be held. Then continue.",
                    lang,
                    names=who,
                )
            case StepId.CHOOSE:
                if self.counts.get("at_gate"):
                    return render("The party moves to a square next to it, waits one hour, or leaves (it is at the gate).", lang)
                return render("The party moves to a square next to it or waits one hour.", lang)
            case StepId.PURSUER:
                if not self.cards:
                    return render("Pursuer: there is no open spade; nothing moves.", lang)
                return render("Pursuer: the strongest open spade moves one square toward the party.", lang)
            case StepId.EVENT_START:
                return render("Event phase: a blank square gets the deck's top card; its map cards trigger from the top.", lang)
            case StepId.EVENT_RESOLVE:
                if self.event is None:
                    return render("No map card is due; the event phase is over.", lang)
                if self.event.active is False:
                    return render(
                        "{event}: no encounter — the open spades total {total}, within the deathless points {deathless}. Leave the card face up.",
                        lang,
                        event=self.event.name(lang),
                        total=self.event.spade_total,
                        deathless=self.event.deathless,
                    )
                return render(
                    "Resolve the {event} event of this card by hand, then mark it removed, left face up or tapped.",
                    lang,
                    event=self.event.name(lang),
                )
            case StepId.END:
                if self.counts.get("night"):
                    return render(
                        "End of cycle {cycle}: players record their fatigue change; hand over declared cards; the night cycle follows.",
                        lang,
                        cycle=self.cycle,
                    )
                return render(
                    "End of cycle {cycle}: players record their fatigue change; hand over declared cards, then end the cycle.",
                    lang,
                    cycle=self.cycle,
                )
            case StepId.NIGHT:
                return render("Night cycle: its rules are outside the seeds; the GM runs it by hand.", lang)
            case _:
                return render("The party has left: the leave phase is outside the seeds.", lang)


def _declare_choices(state: State) -> list[Choice]:
    out: list[Choice] = []
    opts = options(state)
    for member in party(state):
        if member.sheet is None:
            continue
        actions = [a.value for a in Action if a is Action.NONE or investigation_targets(state, member.id, a)]
        out.append(Choice("action", tuple(actions), member.id, default=Action.NONE.value))
        for action in actions:
            targets = investigation_targets(state, member.id, action)
            if targets:
                out.append(Choice("target", tuple(targets), member.id, action, targets[0]))
        menu = skill_set_menu(member.sheet, "scout", opts)
        if menu:
            out.append(Choice("skill", tuple(c.skill for c in menu), member.id, Action.SCOUT.value, menu[0].skill))
        if member.sheet.skills:
            skills = tuple(sorted(member.sheet.skills, key=lambda n: -member.sheet.skills[n].value))  # type: ignore[union-attr]
            out.append(Choice("skill", skills, member.id, Action.RESONANCE.value, highest_skill(state, member.id)))
        hand = state.hands.get(member.id, ())
        if hand:
            out.append(Choice("card", hand, member.id))
    return out


def current_step(state: State) -> StepInfo:
    """What the GM does now: the step, its choices, highlights and commands."""
    names = {c.id: c.name for c in state.characters.values()}
    markers = tuple(c for c in state.markers if c in state.characters)
    cycle = cycle_now(state)
    if cycle is None:
        missing = tuple(c.id for c in party(state) if c.sheet is None)
        return StepInfo(
            cycle=0, phase=Phase.INVESTIGATION, step=StepId.SETUP, rules=("CYC-1",),
            commands=("upland_start_exploration", "upland_set_sheet", "move_party"),
            characters=missing, squares=(state.party,) if state.party else (), names=names,
        )
    step = cycle.step
    base = {"cycle": cycle.cycle, "phase": PHASE_OF[step], "step": step, "names": names, "markers": markers}
    here = state.party
    match step:
        case StepId.CYCLE_DESPAIR | StepId.TIME_DESPAIR:
            who = despair_participants(state)
            cards = tuple(max(spades_in_hand(state, c), key=lambda x: strength(state, x)) for c in who)
            near = tuple(state.grid.by_nearness(state.gate)[: max(len(who), 1)])
            return StepInfo(**base, rules=("DSP-1", "DSP-2"), commands=("upland_resolve_despair",),
                            characters=tuple(who), cards=cards, squares=near)
        case StepId.DECLARE:
            total = len([c for c in party(state) if c.sheet is not None])
            targets = tuple(d.target for d in cycle.declarations.values() if d.target)
            waiting = tuple(c.id for c in party(state) if c.id not in cycle.declarations)
            return StepInfo(
                **base,
                rules=("INV-1", "INV-2", "INV-3", "INV-4", "INV-5", "INV-6", "INV-7", "INV-8", "INV-9", "DICE-7"),
                commands=("upland_declare_action", "upland_resolve_investigation"),
                choices=tuple(_declare_choices(state)), squares=targets, characters=waiting,
                cards=tuple(d.card for d in cycle.declarations.values() if d.card),
                counts={"declared": len(cycle.declarations), "total": total},
            )
        case StepId.FOLLOW_UP:
            choices = tuple(
                Choice("peek", tuple(state.grid.orthogonal(p.target)), p.character) for p in cycle.pending_peeks
            )
            return StepInfo(**base, rules=("INV-3",), commands=("upland_scout_peek", "upland_continue"),
                            choices=choices, characters=tuple(p.character for p in cycle.pending_peeks),
                            squares=tuple(p.target for p in cycle.pending_peeks))
        case StepId.SLEEPWALK:
            return StepInfo(**base, rules=("TIM-2",), commands=("upland_resolve_sleepwalking",),
                            characters=tuple(sleepwalk_candidates(state)), squares=_walk(state))
        case StepId.HOLD_BACK:
            walkers = [c for c, w in cycle.sleepwalkers.items()]
            holders = tuple(c.id for c in party(state) if c.id not in cycle.sleepwalkers)
            choices = tuple(
                Choice("holder", holders, c, default=None)
                for c, w in cycle.sleepwalkers.items()
                if w.held_by is None and w.level in HOLD_BACK_COST
            )
            return StepInfo(**base, rules=("TIM-2", "TIM-3", "TIM-4"),
                            commands=("upland_hold_back", "upland_continue"),
                            choices=choices, characters=tuple(walkers), squares=_walk(state))
        case StepId.CHOOSE:
            moves = tuple(state.grid.orthogonal(here)) if here else ()
            choices = [Choice("move", moves)]
            for member in party(state):
                allowed = tuple(a.value for a in WaitAction if a not in forbidden_wait_actions(state, member.id))
                choices.append(Choice("wait", allowed, member.id, default=allowed[0]))
            at_gate = here == state.gate
            commands = ("upland_choose_move", "upland_choose_wait") + (("upland_choose_leave",) if at_gate else ())
            return StepInfo(**base, rules=("TIM-1", "TIM-4", "TIM-5", "TIM-6", "TIM-7"), commands=commands,
                            choices=tuple(choices), squares=moves, counts={"at_gate": int(at_gate)})
        case StepId.PURSUER:
            found = pursuer(state)
            squares: tuple[str, ...] = ()
            if found is not None and here is not None:
                squares = (found[1], state.grid.step_toward(found[1], here))
            return StepInfo(**base, rules=("PUR-1", "PUR-2"), commands=("upland_move_pursuer",),
                            cards=(found[0],) if found else (), squares=squares)
        case StepId.EVENT_START:
            return StepInfo(**base, rules=("EVT-1", "EVT-2"), commands=("upland_start_events",),
                            squares=(here,) if here else ())
        case StepId.EVENT_RESOLVE:
            card = current_event_card(state)
            info = event_card(state, card) if card else None
            default = "left" if info is not None and info.active is False else "removed"
            return StepInfo(**base, rules=("EVT-2", "EVT-3", "EVT-4") + ((info.rules,) if info else ()),
                            commands=("upland_resolve_event",), event=info,
                            choices=(Choice("outcome", ("removed", "left", "tapped"), default=default),) if info else (),
                            cards=(card,) if card else (), squares=(here,) if here else ())
        case StepId.END:
            night = cycle.cycle >= options(state).night_after_cycle
            return StepInfo(**base, rules=("END-1", "END-2", "CYC-1", "CYC-2"),
                            commands=("upland_end_cycle", "give_card"),
                            characters=tuple(c.id for c in party(state)), counts={"night": int(night)})
        case StepId.NIGHT:
            return StepInfo(**base, rules=("CYC-2",), commands=(), done=True)
        case _:
            return StepInfo(**base, rules=("TIM-7",), commands=(), done=True)


def _walk(state: State) -> tuple[str, ...]:
    """TIM-2: the party's square and the square a sleepwalker would walk to (GM view)."""
    here, bone = state.party, bone_square(state)
    if here is None:
        return ()
    if bone is None or bone == here:
        return (here,)
    return (here, state.grid.step_toward(here, bone))
