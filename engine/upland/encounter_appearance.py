"""The Upland's appearance on the battle board (seed 000, 遭遇【出現】, ENC-5…ENC-9).

Who spots the encounter first (the simultaneous sight/listen checks and the
encounter table), how many appear, where the enemies stand, and the strike-rank
delays of those who noticed late.  Pure functions like
:mod:`engine.upland.encounter_setup`: ``battle (+ inputs, dice) -> (battle, facts)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from engine.checks.levels import success_degree
from engine.checks.simultaneous import Participant, simultaneous_checks
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.hexbattle.board import board_of
from engine.hexbattle.hexgrid import Hex, d3_direction, distance, neighbor, step_toward
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, clamp_to_map
from engine.hexbattle.model import BattleState, Token
from engine.hexbattle.tokens import occupied
from engine.upland.encounter_setup import order_key, placement_distances
from engine.upland.encounter_state import Appearance, Skill, SpotterResult

SR_PER_POINT = 3
"""ENC-8: strike ranks of delay per missing point of discovery strength."""


# ---------------------------------------------------------------- ENC-5 / ENC-6 / ENC-9


class EncounterRowLike(Protocol):
    """A row of an encounter table (ENC-9), e.g. engine.upland.tables.EncounterRow."""

    @property
    def d20(self) -> int: ...
    @property
    def sight(self) -> int | None: ...
    @property
    def listen(self) -> int | None: ...
    @property
    def creature(self) -> str: ...
    @property
    def count(self) -> str: ...


class Declaration(NamedTuple):
    """ENC-5: a character's choice of sight or listen, and its skill %."""

    token: str
    skill: Skill
    target: int


def table_sides(strength: int) -> int:
    """ENC-5: 1D(strength) up to strength 10, else 1D20."""
    if strength < 1:
        raise EngineError("An encounter strength must be 1 or more, got {strength}.", strength=strength)
    return strength if strength <= 10 else 20


def roll_appearance(
    declarations: Sequence[Declaration],
    strength: int,
    table: Sequence[EncounterRowLike],
    dice: DiceSource,
) -> Appearance:
    """ENC-5/ENC-6/ENC-9: the simultaneous sight/listen checks, the table roll, the first spotter.

    The checks are rolled first, in the order given (the marching order,
    DICE-7), then the table die.  Discovery strength = success degree + the
    row's modifier for the declared skill (row 20 has none: 0).  The first
    spotter has the highest discovery strength, ties to the higher skill %,
    then to the earlier in order (**Reading**).  The others who succeeded with
    that same discovery strength gain an experience check.
    """
    if not declarations:
        raise EngineError("Nobody declared sight or listen for the appearance roll.")
    sides = table_sides(strength)
    results = simultaneous_checks([Participant(d.token, d.target) for d in declarations], dice)
    face = dice.die(sides)
    row = next((r for r in table if r.d20 == face), None)
    if row is None:
        raise EngineError("The encounter table has no row {face}.", face=face)
    spotters: list[SpotterResult] = []
    for declaration, result in zip(declarations, results, strict=True):
        modifier = (row.sight if declaration.skill == "sight" else row.listen) or 0
        degree = success_degree(result.level)
        spotters.append(
            SpotterResult(
                token=declaration.token,
                skill=declaration.skill,
                target=declaration.target,
                roll=result.roll,
                level=result.level.value,
                degree=degree,
                modifier=modifier,
                discovery=degree + modifier,
            )
        )
    order = {s.token: i for i, s in enumerate(spotters)}
    first = min(spotters, key=lambda s: (-s.discovery, -s.target, order[s.token]))
    experience = tuple(
        s.token for s in spotters if s.token != first.token and s.degree > 0 and s.discovery == first.discovery
    )
    return Appearance(
        strength=strength,
        table_die=face,
        table_sides=sides,
        creature=row.creature,
        count_text=row.count,
        special=row.sight is None and row.listen is None,
        results=tuple(spotters),
        first_spotter=first.token,
        experience=experience,
    )


_PLAIN = re.compile(r"強度([+-]\d+)")
_TIMES = re.compile(r"\(強度([+-]\d+)\)×(\d+)")
_DICE = re.compile(r"D(\d+)(?:\+(\d+))?/SIZ計=(\d+)\*強度")
_MP = re.compile(r"\(強度([+-]\d+)\)×(\d+)\+(\d+)MP")


class NumberAppearing(NamedTuple):
    number: int | None
    """None when the row names no number (row 20, 特殊): the GM decides."""
    die: int | None
    detail: str


def number_appearing(count_text: str, strength: int, dice: DiceSource) -> NumberAppearing:
    """ENC-9: the number appearing of a table row, at least 1 (**Reading**).

    ``D6/SIZ計=6*強度`` rolls the die and reports the total SIZ; the ghost and
    wraith rows are one creature with ``(強度-10)×10+10`` MP.  The GM adjusts the
    result by the chaos aspects (the seed's note) by editing the count.
    """
    text = count_text.replace(" ", "")
    if match := _MP.fullmatch(text):
        mp = (strength + int(match[1])) * int(match[2]) + int(match[3])
        return NumberAppearing(1, None, f"MP {mp}")
    if match := _TIMES.fullmatch(text):
        return NumberAppearing(max(1, (strength + int(match[1])) * int(match[2])), None, "")
    if match := _PLAIN.fullmatch(text):
        return NumberAppearing(max(1, strength + int(match[1])), None, "")
    if match := _DICE.fullmatch(text):
        die = dice.die(int(match[1]))
        return NumberAppearing(die + int(match[2] or 0), die, f"SIZ {int(match[3]) * strength}")
    return NumberAppearing(None, None, count_text)


class CreatureStats(NamedTuple):
    """ENC-9: what a row says of the group besides its number."""

    siz_total: int | None
    """``SIZ計=6*強度``: the group's SIZ together."""
    mp: int | None
    """The ghost's and the wraith's ``(強度-10)×10+10`` MP."""


VENOM_SIZ = 6
"""ENC-9, the seed's note: 「SIZ6以下の蛇は毒を持ちます」."""


def creature_stats(count_text: str, strength: int) -> CreatureStats:
    """ENC-9: the SIZ total and the MP a row's count gives (no die is rolled)."""
    text = count_text.replace(" ", "")
    if match := _MP.fullmatch(text):
        return CreatureStats(None, (strength + int(match[1])) * int(match[2]) + int(match[3]))
    if match := _DICE.fullmatch(text):
        return CreatureStats(int(match[3]) * strength, None)
    return CreatureStats(None, None)


def share_siz(total: int, count: int) -> tuple[int, ...]:
    """ENC-9 (**Reading**): a group's SIZ total shared out evenly, the first ones one
    more while the remainder lasts (the GM edits a token's note for another split)."""
    base, extra = divmod(total, count)
    return tuple(base + (1 if i < extra else 0) for i in range(count))


def venomous(creature: str, siz: int) -> bool:
    """ENC-9: a snake of SIZ 6 or less carries venom."""
    return creature.startswith("蛇") and siz <= VENOM_SIZ


# ---------------------------------------------------------------- ENC-7 enemies


def forward_direction(battle: BattleState, h: Hex) -> int:
    """The neighbour direction that gets nearest the breakthrough zone (the party's front)."""
    board = board_of(battle)
    front = placement_distances(board, board.zone(ZONE_BREAKTHROUGH))
    far = len(board.hexes()) + 1
    best = min(range(1, 7), key=lambda d: (front.get(neighbor(h, d), far), d))
    return best


class EnemyPlacement(NamedTuple):
    """ENC-7's facts: the direction die, the distance and where each enemy went."""

    face: int
    sides: int
    direction: int
    hexes: int
    placed: tuple[Hex, ...]


def place_enemies(
    battle: BattleState,
    enemies: Sequence[Token],
    dice: DiceSource,
    appearance: Appearance | None,
    *,
    spotter: str | None = None,
    discovery: int | None = None,
    metres_per_hex: int = 5,
) -> tuple[BattleState, EnemyPlacement]:
    """ENC-7: the first enemy at discovery strength × 5 m from the first spotter, the rest behind it.

    The direction is a D3 when discovery strength ≤ 1 (**Reading**: the three
    directions fanned round the party's front, see ``d3_direction``), else a D6.
    The walk stops at the board's edge; an impassable or taken hex pulls the
    enemy back towards the spotter.  At least one hex away (**Reading**).

    「第二エネミー以降はそれより後方」 (**Reading**, ENC-7): each later enemy stands
    strictly farther from the spotter than the first while a free hex farther
    away exists — continuing the line away from the spotter, then on the free
    hexes nearest the first enemy among those farther away.  Only a board with
    no such hex left puts one at the first's distance (then anywhere free).
    """
    spotter = spotter or (appearance.first_spotter if appearance else None)
    if spotter is None:
        raise EngineError("No first spotter is known; roll the appearance first.")
    if discovery is None:
        discovery = appearance.discovery_of(spotter) if appearance else None
        if discovery is None:
            raise EngineError("No first spotter is known; roll the appearance first.")
    if not enemies:
        raise EngineError("There are no enemies to place.")
    token = battle.token(spotter)
    if token.at is None:
        raise EngineError("The token {token} is not on the battle board.", token=spotter)
    board = board_of(battle)
    origin = board.to_hex(token.at)
    sides = 3 if discovery <= 1 else 6
    face = dice.die(sides)
    direction = d3_direction(face, forward=forward_direction(battle, origin)) if sides == 3 else face
    steps = max(1, discovery * 5 // metres_per_hex)
    taken = set(occupied(battle))

    def free(h: Hex) -> bool:
        return board.in_bounds(h) and board.cost(h) is not None and h not in taken

    here = clamp_to_map(board, origin, direction, steps)
    while not free(here) and here != origin:
        here = step_toward(here, origin)
    if not free(here):
        candidates = [h for h in board.hexes() if free(h)]
        if not candidates:
            raise EngineError("The battle board has no free hex for an enemy.")
        here = min(candidates, key=lambda h: (distance(h, origin), order_key(h)))
    placed = [here]
    taken.add(here)
    line_end = here
    base = distance(origin, here)
    for _ in enemies[1:]:
        ahead = neighbor(line_end, direction)
        if free(ahead) and distance(origin, ahead) > distance(origin, line_end):
            spot_hex = ahead
            line_end = ahead
        else:
            pool = [h for h in board.hexes() if free(h) and distance(origin, h) > base]
            if not pool:
                pool = [h for h in board.hexes() if free(h) and distance(origin, h) == base]
            if not pool:
                pool = [h for h in board.hexes() if free(h)]
            if not pool:
                raise EngineError("The battle board has no free hex for an enemy.")
            spot_hex = min(pool, key=lambda h: (distance(placed[0], h), -distance(origin, h), order_key(h)))
        placed.append(spot_hex)
        taken.add(spot_hex)
    tokens = dict(battle.tokens)
    for enemy, h in zip(enemies, placed, strict=True):
        if enemy.id in tokens:
            raise EngineError("There is already a token {token} on the battle board.", token=enemy.id)
        tokens[enemy.id] = enemy.model_copy(update={"at": board.to_spot(h)})
    facts = EnemyPlacement(face, sides, direction, steps, tuple(placed))
    return battle.model_copy(update={"tokens": tokens}), facts


# ---------------------------------------------------------------- ENC-8


def sr_delays(appearance: Appearance) -> dict[str, int]:
    """ENC-8: +3 SR for each point of discovery strength below the first spotter's."""
    best = appearance.discovery_of(appearance.first_spotter) or 0
    return {r.token: (best - r.discovery) * SR_PER_POINT for r in appearance.results if r.discovery < best}
