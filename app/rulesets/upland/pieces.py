"""The Upland's pieces on the card table as the shared board sees them: the
party token and the characters' investigation markers, kept in the Upland's
slice and moved by its free commands (``engine.upland.table_commands``)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rulesets.parts import PiecesPart
from engine.core.commands import CommandBase
from engine.core.state import State
from engine.upland.slice import SLICE_ID, bone_of, markers_of, party_of


def _bone_square(state: State) -> str | None:
    """MAP-5: the lingering bone's secret square, until the crossing (INV-9)."""
    bone = bone_of(state)
    return bone.square if bone.card is not None and not bone.revealed else None


def _move_party(square: str | None) -> CommandBase:
    from engine.upland.table_commands import MoveParty

    return MoveParty(square=square)


def _place_marker(character: str, square: str | None) -> CommandBase:
    from engine.upland.table_commands import PlaceMarker

    return PlaceMarker(character=character, square=square)


def _marker_targets(state: State, character: str) -> list[str]:
    from engine.upland.table_commands import marker_targets

    return marker_targets(state, character)


def _group_targets(state: State, cards: Sequence[str], markers: Sequence[str], lead: str) -> list[str]:
    from engine.upland.group import group_targets

    return group_targets(state, cards, markers, lead)


def _move_group(cards: Sequence[str], markers: Sequence[str], lead: str, to: str) -> CommandBase:
    from engine.upland.group import MoveGroup

    return MoveGroup(cards=tuple(cards), markers=tuple(markers), lead=lead, to=to)


def _give_targets(state: State, cards: Sequence[str]) -> list[str]:
    from engine.upland.group import give_targets

    return give_targets(state, cards)


def _give_cards(cards: Sequence[str], character: str) -> CommandBase:
    from engine.upland.group import GiveCards

    return GiveCards(cards=tuple(cards), to_character=character)


def _party_drop(state: State, square: str) -> CommandBase | None:
    """TIM-4/TIM-5: in the time phase's choice, dropping the party on a square it may move
    to is that move (its fatigue paid, as the Move button would) — not a hand move."""
    from engine.upland.chs_stages import allowed_moves
    from engine.upland.command_types import ChooseMove
    from engine.upland.procedure import StepId
    from engine.upland.slice import cycle_now

    cycle = cycle_now(state)
    here = party_of(state)
    if cycle is None or cycle.step is not StepId.CHOOSE or here is None:
        return None
    if square not in allowed_moves(state, tuple(state.grid.orthogonal(here))):
        return None
    return ChooseMove(square=square)


UPLAND_PIECES = PiecesPart(
    slice=SLICE_ID,
    party=party_of,
    markers=markers_of,
    move_party=_move_party,
    place_marker=_place_marker,
    marker_targets=_marker_targets,
    group_targets=_group_targets,
    move_group=_move_group,
    secret_square=_bone_square,
    party_drop=_party_drop,
    give_targets=_give_targets,
    give_cards=_give_cards,
)

__all__ = ["UPLAND_PIECES"]
