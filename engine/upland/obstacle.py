"""Obstacles (♣, OBS-1 … OBS-6): a failed or abandoned obstacle bars every move but
the one back to the square the party came from, until it is overcome.

Whether an obstacle still stands is read from the board, not stored: a face-up,
untapped club on the party's square is an obstacle not yet overcome (success
taps it, OBS-1; a ♥ played on it taps it too, OBS-4).  The square the party came
from is the cycle's ``came_from``, set by its last move (TIM-4).

**Reading:** the bar applies to the time phase's chosen move (TIM-4); a
sleepwalker's move (TIM-2) is not chosen by the party and is not barred.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.checks.levels import Level, success_degree
from engine.checks.simultaneous import Participant
from engine.core.commands import Context
from engine.core.state import State
from engine.errors import EngineError
from engine.table.board import Pos
from engine.table.cards import Suit, parse_card
from engine.table.piles import move_card
from engine.table.places import DISCARD
from engine.upland.chs_event_types import HandEffectPlayed, ObstacleChecked
from engine.upland.effects import FATIGUE_POINT, change_fatigue, change_value
from engine.upland.events import CheckMade
from engine.upland.facts import name_of, party, party_square, sheet_of, strength, suit_of
from engine.upland.incident_phase import current_incident_card, resolve_event
from engine.upland.obstacle_table import ObstacleRow, labyrinth_need, load_units, obstacle_table
from engine.upland.procedure import StepId
from engine.upland.rolls import roll, simultaneous, total
from engine.upland.slice import cycle_now, party_of


def standing_obstacle(state: State) -> str | None:
    """OBS-1: the face-up, untapped club on the party's square, if any."""
    here = party_of(state)
    if here is None:
        return None
    for card in state.squares.get(here, ()):
        flags = state.card_flags(card)
        if suit_of(card) is Suit.CLUBS and flags.face_up and not flags.tapped:
            return card
    return None


def back_square(state: State) -> str | None:
    """OBS-1: the only square the party may move to while an obstacle stands
    (None: no obstacle bars the move)."""
    cycle = cycle_now(state)
    if standing_obstacle(state) is None or cycle is None:
        return None
    return cycle.came_from


def check_move(state: State, target: str) -> None:
    """OBS-1: refuse a move past a standing obstacle (only back is allowed)."""
    card = standing_obstacle(state)
    back = back_square(state)
    if card is not None and back is not None and target != back:
        raise EngineError(
            "The obstacle {card} is not overcome: the party can only go back to {square} (OBS-1).",
            card=card,
            square=back,
        )


# -- the obstacle check (OBS-2, OBS-3, OBS-5) ---------------------------------------
def _due_club(ctx: Context, card: str) -> str:
    code = parse_card(card).code
    if current_incident_card(ctx.state) != code or suit_of(code) is not Suit.CLUBS:
        raise EngineError("{card} is not the obstacle whose event is due.", card=code)
    return code


def skill_target(state: State, character: str, skill: str) -> int:
    """The check's target: a skill's % from the sheet, or ``X×3`` of a characteristic."""
    sheet = sheet_of(state, character)
    if skill.endswith("×3"):
        return int(getattr(sheet, skill[:-2])) * 3
    found = sheet.skills.get(skill)
    return found.value if found is not None else 0


def requirement(state: State, row: ObstacleRow, need: int | None, sleds: int, pow_total: int | None) -> int:
    """OBS-2/OBS-3: the success degrees the row needs (the GM's ``need`` where the row leaves it open)."""
    members = party(state)
    match row.need:
        case "fixed":
            assert row.need_value is not None
            return row.need_value
        case "party_load":
            sheets = [sheet_of(state, m.id) for m in members]
            return len(members) + sum(load_units(s.STR, s.CON, s.moving_weight) for s in sheets)
        case "party_sleds":
            return len(members) + sleds
        case "everyone":
            return len(members)
        case "pow_resistance" if pow_total is not None:
            return labyrinth_need(pow_total)
    if need is None:
        raise EngineError("Obstacle {name}: say the success degrees it needs (OBS-6).", name=row.ja)
    return need


def check_obstacle(
    ctx: Context,
    card: str,
    rollers: Sequence[tuple[str, str | None]],
    *,
    need: int | None = None,
    sleds: int = 0,
    pow_total: int | None = None,
    bonus: int = 0,
    rope: bool = False,
    to: str | None = None,
) -> bool:
    """OBS-5: roll the obstacle check of the due club and apply OBS-1.

    ``rollers`` are (character, skill) pairs, skill None = declines ([同時判定]
    only).  With [同時判定] everyone rolls at once and the degrees are summed;
    without it the rolls go one at a time in the given order and stop when the
    requirement is met — the list running out is the party giving up.  A fumble
    counts −1D6 (OBS-2).  [失敗-1]: each failed roller pays 1 fatigue;
    [積算失敗-1]: a missed requirement costs everyone 1.  ``bonus`` is the %
    added to every roll (OBS-6: +20% per 〈アップランド湿原知識〉 degree, the GM's
    roll).  Success taps the card; failure leaves it standing (back only).

    **Reading:** on a 「成功度：全員１」 row (crevasse) the check passes when every
    character has succeeded once; the degrees reported are the successes.

    The rows' own rules (OBS-6), as far as the seed states them precisely:
    the trap's two stages (:func:`_trap`); ``rope``: on the crevasse the
    second and later characters succeed without a roll for +1 fatigue, on the
    river they get +70%; a failed jump takes 2D6 falling damage (HP); the old
    boat with twice the requirement carries the party on to ``to`` (a square
    next to it) — **Reading:** only when the GM names the square, and the
    destination's events follow as after an interaction's move (INT-4) —; a
    fumble in the magic labyrinth moves the party to a random square
    (**Reading:** 1D(columns) and 1D(rows); its events follow likewise).
    """
    code = _due_club(ctx, card)
    row = obstacle_table().row(strength(ctx.state, code))
    if row.disarm_skills:
        return _trap(ctx, code, row, rollers, bonus)
    boat_square = _next_square(ctx, to) if row.strength == BOAT and to is not None else None
    target_need = requirement(ctx.state, row, need, sleds, pow_total)
    for who, skill in rollers:
        sheet_of(ctx.state, who)
        if skill is None and not row.simultaneous:
            raise EngineError("Only a simultaneous obstacle check can be declined (OBS-2).")
        if skill is not None and skill not in row.skills and skill not in row.disarm_skills:
            raise EngineError(
                "Obstacle {name} is checked with {skills}, not {skill}.",
                name=row.ja,
                skills="、".join(row.skills),
                skill=skill,
            )
    degrees: dict[str, int] = {}
    succeeded: set[str] = set()
    failed: list[str] = []

    def count(who: str, level: Level, rolled: bool) -> None:
        degree = success_degree(level)
        if level is Level.fumble:
            degree = -total(roll(ctx, "1D6", character=who, what="obstacle", rule="OBS-2", label=row.ja))
        degrees[who] = degrees.get(who, 0) + degree
        if level.succeeded:
            succeeded.add(who)
        elif rolled:
            failed.append(who)

    labels = {who: f"{row.ja} {skill}" for who, skill in rollers if skill}
    if row.simultaneous:
        people = [
            Participant(
                id=who, target=skill_target(ctx.state, who, skill) + bonus if skill else 0, declines=skill is None
            )
            for who, skill in rollers
        ]
        for res in simultaneous(
            ctx, people, what="obstacle", rule="OBS-5", labels=labels, order=[who for who, _ in rollers]
        ):
            count(res.id, res.level, res.roll is not None)
    else:
        tried: list[str] = []
        fumbled = False
        for who, skill in rollers:
            assert skill is not None
            if rope and row.need == "everyone" and succeeded and who not in succeeded:
                _roped_across(ctx, who, row)  # OBS-6 crevasse: the rope carries the second and later
                count(who, Level.success, False)
            else:
                extra = ROPE_SWIM_BONUS if rope and row.strength == RIVER and tried and who not in tried[:1] else 0
                person = Participant(id=who, target=skill_target(ctx.state, who, skill) + bonus + extra)
                res = simultaneous(ctx, [person], what="obstacle", rule="OBS-5", labels=labels)[0]
                count(res.id, res.level, True)
                fumbled = fumbled or res.level is Level.fumble
                if row.strength == CREVASSE and not res.level.succeeded:
                    fall = total(roll(ctx, "2D6", character=who, what="obstacle", rule="OBS-6", label=row.ja))
                    change_value(ctx, who, "hp", -fall, "OBS-6", floor=-99)
            tried.append(who)
            if _met(row, degrees, succeeded, target_need, ctx.state) and boat_square is None:
                break  # (the boat bound for a square rows on toward twice the requirement)
        if fumbled and row.strength == LABYRINTH:
            return _carry(ctx, code, row, degrees, succeeded, target_need, failed, _random_square(ctx), "labyrinth")
    passed = _met(row, degrees, succeeded, target_need, ctx.state)
    summed = len(succeeded) if row.need == "everyone" else sum(degrees.values())
    if row.fail_fatigue:
        for who in failed:
            change_fatigue(ctx, who, FATIGUE_POINT, "OBS-2")
    if row.summed_fail_fatigue and not passed:
        for member in party(ctx.state):
            change_fatigue(ctx, member.id, FATIGUE_POINT, "OBS-2")
    if passed and boat_square is not None and summed >= 2 * target_need:
        return _carry(ctx, code, row, degrees, succeeded, target_need, [], boat_square, "boat", paid=True)
    ctx.emit(
        ObstacleChecked(
            card=code,
            square=party_square(ctx.state),
            obstacle_ja=row.ja,
            obstacle_en=row.en,
            degrees=degrees,
            total=summed,
            need=target_need,
            passed=passed,
        )
    )
    resolve_event(ctx, code, "tapped" if passed else "left")
    return passed


#: OBS-3 rows by strength with rules of their own (OBS-6).
CREVASSE, RIVER, BOAT, LABYRINTH = 9, 11, 12, 13
#: OBS-6 river: with a rope the second and later swimmers get +70%.
ROPE_SWIM_BONUS = 70
#: OBS-6 trap: each summed 〈捜索〉 degree adds this much to the disarm roll.
TRAP_BONUS_PER_DEGREE = 20


def _roped_across(ctx: Context, who: str, row: ObstacleRow) -> None:
    """OBS-6 crevasse with a rope: a success without a roll for +1 fatigue."""
    ctx.emit(
        CheckMade(
            character=who,
            name=name_of(ctx.state, who),
            what="obstacle",
            rule="OBS-6",
            label=f"{row.ja} ロープ",
            level=Level.success,
            record=None,
            dice=ctx.dice.state,
        )
    )
    change_fatigue(ctx, who, FATIGUE_POINT, "OBS-6")


def _next_square(ctx: Context, to: str) -> str:
    here = party_square(ctx.state)
    target = ctx.state.grid.name(ctx.state.grid.pos(to))
    if target not in ctx.state.grid.orthogonal(here):
        raise EngineError("The party can move only to a square next to {square}.", square=here)
    return target


def _random_square(ctx: Context) -> str:
    """OBS-6 labyrinth fumble: **Reading:** a random square is 1D(columns), 1D(rows)."""
    grid = ctx.state.grid
    col = total(roll(ctx, f"1D{grid.cols}", character=None, what="obstacle", rule="OBS-6"))
    row = total(roll(ctx, f"1D{grid.rows}", character=None, what="obstacle", rule="OBS-6"))
    return grid.name(Pos(col - 1, row - 1))


def _carry(
    ctx: Context,
    code: str,
    row: ObstacleRow,
    degrees: dict[str, int],
    succeeded: set[str],
    need: int,
    failed: list[str],
    destination: str,
    how: Literal["boat", "labyrinth"],
    paid: bool = False,
) -> bool:
    """OBS-6: the boat (twice the requirement) or a labyrinth fumble carries the
    party to ``destination``; the card is settled on its square and the
    destination's events follow (no time, no fatigue for the move)."""
    from engine.table.events import CardTapped
    from engine.upland.cycle import enter
    from engine.upland.effects import move_party
    from engine.upland.events import IncidentResolved
    from engine.upland.incident_phase import start_events

    passed = _met(row, degrees, succeeded, need, ctx.state)
    if not paid and row.fail_fatigue:
        for who in failed:
            change_fatigue(ctx, who, FATIGUE_POINT, "OBS-2")
    where = party_square(ctx.state)
    ctx.emit(
        ObstacleChecked(
            card=code,
            square=where,
            obstacle_ja=row.ja,
            obstacle_en=row.en,
            degrees=degrees,
            total=sum(degrees.values()),
            need=need,
            passed=passed,
            carried_to=destination,
            carried_by=how,
        )
    )
    if passed:
        ctx.emit(CardTapped(card=code, tapped=True, square=where))
    ctx.emit(IncidentResolved(card=code, square=where, outcome="tapped" if passed else "left"))
    if destination != where:
        move_party(ctx, destination, "OBS-6", fatigue=False)
    enter(ctx, StepId.INCIDENT_START)
    start_events(ctx)
    return passed


def _trap(ctx: Context, code: str, row: ObstacleRow, rollers: Sequence[tuple[str, str | None]], bonus: int) -> bool:
    """OBS-6 trap, its two stages: everyone rolls 〈捜索〉 at once (or declines);
    a sum of 0 or less springs it; otherwise the one disarmer rolls 修理 or
    罠製作 with +20% per summed degree — a failure springs it, a success
    overcomes the obstacle.  A sprung trap is the D6 row (1 sinking bog …
    6 ambush), adjudicated by the GM.

    **Reading:** a sprung trap is not overcome: the card stays (OBS-1, back
    only), as the check was not passed.
    """
    searchers = [(who, skill) for who, skill in rollers if skill not in row.disarm_skills]
    disarmers = [(who, skill) for who, skill in rollers if skill in row.disarm_skills]
    for who, skill in searchers:
        sheet_of(ctx.state, who)
        if skill is not None and skill not in row.skills:
            raise EngineError(
                "Obstacle {name} is checked with {skills}, not {skill}.",
                name=row.ja,
                skills="、".join(row.skills),
                skill=skill,
            )
    if len(disarmers) != 1:
        raise EngineError(
            "The trap is disarmed by one character with {skills} (OBS-6).", skills="、".join(row.disarm_skills)
        )
    people = [
        Participant(id=who, target=skill_target(ctx.state, who, skill) + bonus if skill else 0, declines=skill is None)
        for who, skill in searchers
    ]
    labels = {who: f"{row.ja} {skill}" for who, skill in rollers if skill}
    degrees: dict[str, int] = {}
    for res in simultaneous(
        ctx, people, what="obstacle", rule="OBS-6", labels=labels, order=[who for who, _ in searchers]
    ):
        degree = success_degree(res.level)
        if res.level is Level.fumble:
            degree = -total(roll(ctx, "1D6", character=res.id, what="obstacle", rule="OBS-2", label=row.ja))
        degrees[res.id] = degree
    found = sum(degrees.values())
    passed = False
    if found > 0:
        who, skill = disarmers[0]
        assert skill is not None
        target = skill_target(ctx.state, who, skill) + bonus + TRAP_BONUS_PER_DEGREE * found
        res = simultaneous(
            ctx,
            [Participant(id=who, target=target)],
            what="obstacle",
            rule="OBS-6",
            labels={who: f"{row.ja} {skill}（解除）"},
        )[0]
        passed = res.level.succeeded
    sprung: tuple[str, str] | None = None
    if not passed:
        face = total(roll(ctx, "1D6", character=None, what="obstacle", rule="OBS-6", label=row.ja))
        sprung = (row.sub_table[face - 1], TRAP_EN[face - 1])
    ctx.emit(
        ObstacleChecked(
            card=code,
            square=party_square(ctx.state),
            obstacle_ja=row.ja,
            obstacle_en=row.en,
            degrees=degrees,
            total=found,
            need=1,
            passed=passed,
            sprung_ja=sprung[0] if sprung else None,
            sprung_en=sprung[1] if sprung else None,
        )
    )
    resolve_event(ctx, code, "tapped" if passed else "left")
    return passed


#: OBS-3 trap sub-table in English (the ja names are the row's ``sub_table``).
TRAP_EN = ("sinking bog", "rockfall", "flood", "poison dart", "toxic gas", "ambush")


def _met(row: ObstacleRow, degrees: dict[str, int], succeeded: set[str], need: int, state: State) -> bool:
    if row.need == "everyone":
        return all(m.id in succeeded for m in party(state))
    return sum(degrees.values()) >= need


def overcome_with_hearts(ctx: Context, card: str, hearts: dict[str, tuple[str, ...]]) -> None:
    """OBS-4: a ♥ from hand overcomes an obstacle of strength ≤ its number; the
    heart is spent (discard) and the obstacle tapped as if the check passed.

    **Reading:** one heart does it (several hearts do not add up — the seed's
    「ナンバー以下」 speaks of one card, unlike ENC-11's clubs).
    """
    code = _due_club(ctx, card)
    played = [(who, parse_card(h).code) for who, cards in hearts.items() for h in cards]
    if len(played) != 1:
        raise EngineError("Play exactly one heart to overcome an obstacle (OBS-4).")
    who, heart = played[0]
    if heart not in ctx.state.hands.get(who, ()) or suit_of(heart) is not Suit.HEARTS:
        raise EngineError("{card} is not a heart in {name}'s hand.", card=heart, name=name_of(ctx.state, who))
    if strength(ctx.state, heart) < strength(ctx.state, code):
        raise EngineError("A heart overcomes only an obstacle of strength up to its number (OBS-4).")
    ctx.emit(
        HandEffectPlayed(
            on=code,
            cards={who: (heart,)},
            names={who: name_of(ctx.state, who)},
            effect="overcome_obstacle",
            rule="OBS-4",
        )
    )
    move_card(ctx, heart, DISCARD)
    resolve_event(ctx, code, "tapped")


# -- OBS-4: a ♦ played after the obstacle is overcome ---------------------------------
#: Steps at which a ♦ may follow an overcome obstacle: the next card not begun yet,
#: or the event phase over.
_DIAMOND_STEPS = (StepId.INCIDENT_RESOLVE, StepId.REMAINS, StepId.TEAR_CHOICE, StepId.END)


def overcome_obstacle(state: State) -> str | None:
    """OBS-4: the club overcome in this event phase on the party's square that a
    ♦ may still follow (None: no such club, or a ♦ already followed it)."""
    cycle = cycle_now(state)
    here = party_of(state)
    if here is None or cycle is None or cycle.step not in _DIAMOND_STEPS:
        return None
    tear = cycle.diamonds.tear
    if tear is not None and tear.target is not None:
        return None  # a spirit already under way (summoned)
    for card in state.squares.get(here, ()):
        if suit_of(card) is Suit.CLUBS and state.card_flags(card).tapped and card in cycle.events_done:
            followed = cycle.diamonds.obstacle_diamond
            if followed is not None and followed in state.squares.get(here, ()):
                return None
            return card
    return None


def play_diamond(ctx: Context, card: str, holder: str, diamond: str) -> None:
    """OBS-4: ``holder`` plays ``diamond`` after the obstacle ``card`` is overcome.

    The ♦ is laid face up on top of the party's square and its event runs at
    once — remains before the crossing, a tear spirit after (the stages of
    REM-1/REM-2 and TEAR-1 … TEAR-6, capped at the diamond's strength); the cards
    still below then trigger as before.  When remains are found (at least one)
    or the spirit is repelled (TEAR-5), a treasure roll follows with the
    diamond's strength as its cap (TRS-1 … TRS-3), then the diamond goes to the
    discard.

    **Reading:** "after overcoming" is this event phase, on the obstacle's
    square, once per obstacle, while the next card's event has not begun (or the
    phase is over); a ♦ is not played in the middle of another spirit's fight.
    **Reading:** a remains fumble's spirit (REM-2) repelled also counts as
    repelling the spirit; an accepted spirit (TEAR-6) or a possession gives no
    treasure; a ♦ nobody searches stays face up on the square like any remains
    (EVT-3).
    """
    from engine.table.places import square
    from engine.upland.diamond_events import ObstacleDiamondPlayed, TearSpiritChanged
    from engine.upland.facts import crossed
    from engine.upland.incident_phase import next_incident

    code = parse_card(card).code
    if overcome_obstacle(ctx.state) != code:
        raise EngineError(
            "A diamond follows only an obstacle overcome in this event phase on the party's square (OBS-4)."
        )
    gem = parse_card(diamond).code
    if gem not in ctx.state.hands.get(holder, ()) or suit_of(gem) is not Suit.DIAMONDS:
        raise EngineError("{card} is not a diamond in {name}'s hand.", card=gem, name=name_of(ctx.state, holder))
    if strength(ctx.state, gem) > strength(ctx.state, code):
        raise EngineError("The diamond must not be stronger than the obstacle {card} (OBS-4).", card=code)
    due = cycle_now(ctx.state)
    assert due is not None
    if due.diamonds.tear is not None:  # the ♦ below raised its spirit only: it is raised again afterwards
        ctx.emit(TearSpiritChanged(what="set_aside", card=due.diamonds.tear.card, after=None, rule="OBS-4"))
    where = party_square(ctx.state)
    ctx.emit(
        ObstacleDiamondPlayed(
            card=gem,
            obstacle=code,
            character=holder,
            name=name_of(ctx.state, holder),
            cap=strength(ctx.state, gem),
            tear=crossed(ctx.state),
        )
    )
    move_card(ctx, gem, square(where), 0, face_up=True)
    next_incident(ctx)
