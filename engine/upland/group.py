"""Several cards and markers moved together: one command, one journal row, one
undo step ("selecting several cards or markers and moving them
together", as in Udonarium, CCFOLIA or Foundry).

Reading of a group move on a grid: the GM drags one member (the *lead*) to a
square; every member moves by the same step (columns and rows) as the lead, so
the group keeps its shape.  Cards that shared a square still share one after
the move, in the same order, on top of what lies there.  A grid board makes
this exact: there is no free placement to round.  "All to the target square"
was the other reading; it loses the layout the GM made (a row of face-down
cards would collapse into one stack), and the GM who wants one stack can
still get it by dragging the cards of one square.

Only things on the map move as a group: cards in a square's stack and the
investigation markers of characters whose marker is on a square.  Every member
is checked before anything moves; the first illegal member refuses the whole
move and is named with the reason.  A marker's legality is the single move's
(``PlaceMarker``): any square of the map.

The moves are recorded as one :class:`GroupMoved` event holding the single
moves (``CardMoved``, ``MarkerPlaced``), so a replay or a redo applies exactly
what was done and the log says it in one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.core.changes import Changes
from engine.core.commands import CommandBase, Context
from engine.core.events import EventBase
from engine.core.state import State
from engine.errors import EngineError
from engine.i18n import render
from engine.table.board import Pos
from engine.table.cards import parse_card
from engine.table.events import CardMoved
from engine.table.piles import locate, move_card, require_character, require_square, require_started
from engine.table.places import PileKind, hand, square
from engine.upland.slice import markers_of
from engine.upland.table_events import MarkerPlaced

#: a group move names at most this many members (every card and every marker of a full party)
MAX_MEMBERS = 54 + 12


class GroupMoved(EventBase):
    """A group of cards and markers moved together, by the same step."""

    type: Literal["group_moved"] = "group_moved"
    cards: tuple[CardMoved, ...] = ()
    markers: tuple[MarkerPlaced, ...] = ()

    def apply(self, state: State) -> State:
        for event in (*self.cards, *self.markers):
            state = event.apply(state)
        return state

    def touch(self, changes: Changes) -> None:
        for event in (*self.cards, *self.markers):
            event.touch(changes)

    def describe(self, lang: str = "ja") -> str:
        sep = "、" if lang == "ja" else ", "
        sources: list[str] = []
        targets: list[str] = []
        for src, dst in [(e.src.key, e.dst.key) for e in self.cards] + [(e.previous, e.square) for e in self.markers]:
            if src is not None and src not in sources:
                sources.append(src)
            if dst is not None and dst not in targets:
                targets.append(dst)
        items = sep.join([parse_card(e.card).display(lang) for e in self.cards] + [e.name for e in self.markers])
        where = {"src": sep.join(sources), "dst": sep.join(targets), "items": items}
        if self.cards and self.markers:
            return render(
                "{cards} card(s) and {markers} marker(s) moved from {src} to {dst} ({items}).",
                lang,
                cards=len(self.cards),
                markers=len(self.markers),
                **where,
            )
        if self.markers:
            count = len(self.markers)
            return render("{count} markers moved from {src} to {dst} ({items}).", lang, count=count, **where)
        return render("{count} cards moved from {src} to {dst} ({items}).", lang, count=len(self.cards), **where)


class MoveGroup(CommandBase):
    """Move cards on squares and markers on the map together: the ``lead`` (a
    card code or a character id from the group) lands on ``to`` and the others
    keep their offset from it (see the module's docstring)."""

    type: Literal["move_group"] = "move_group"
    cards: tuple[str, ...] = ()
    #: character ids whose investigation markers move
    markers: tuple[str, ...] = ()
    lead: str
    to: str

    def run(self, ctx: Context) -> None:
        state = ctx.state
        grid = state.grid
        group = _Group.of(state, self.cards, self.markers, self.lead)
        target = require_square(state, self.to)
        if target == group.start:
            raise EngineError("The group is already on {square}.", square=target)
        a, b = grid.pos(group.start), grid.pos(target)
        step = Pos(b.col - a.col, b.row - a.row)

        def landing(label: str, where: str) -> str:
            q = _shifted(grid.pos(where), step)
            if not grid.contains(q):
                raise EngineError(
                    "{item} on {square} would land off the map: the group moves {cols} column(s) and {rows} row(s).",
                    item=label,
                    square=where,
                    cols=step.col,
                    rows=step.row,
                )
            return grid.name(q)

        cards, markers = group.cards, group.markers
        card_dst = {code: landing(label, where) for code, (label, where, _) in cards.items()}
        marker_dst = {cid: landing(name, where) for cid, (name, where) in markers.items()}
        # Every member is legal: apply on a scratch copy, bottom cards first so
        # that each square's cards keep their order and the top stays on top.
        scratch = Context(state)
        for code in sorted(cards, key=lambda c: (cards[c][1], -cards[c][2])):
            move_card(scratch, code, square(card_dst[code]), 0)
        for cid, dst in marker_dst.items():
            name, where = markers[cid]
            scratch.emit(MarkerPlaced(character=cid, square=dst, previous=where, name=name))
        ctx.emit(
            GroupMoved(
                cards=tuple(e for e in scratch.events if isinstance(e, CardMoved)),
                markers=tuple(e for e in scratch.events if isinstance(e, MarkerPlaced)),
            )
        )

    def label(self, lang: str = "ja") -> str:
        return render("Move {count} items together", lang, count=len(self.cards) + len(self.markers))


class CardsGiven(EventBase):
    """END-2: several cards handed from hands to one character's hand at once."""

    type: Literal["upland_cards_given"] = "upland_cards_given"
    cards: tuple[CardMoved, ...]
    to_name: str
    #: hand owner id -> name, for the log
    from_names: dict[str, str]

    def apply(self, state: State) -> State:
        for event in self.cards:
            state = event.apply(state)
        return state

    def touch(self, changes: Changes) -> None:
        for event in self.cards:
            event.touch(changes)

    def describe(self, lang: str = "ja") -> str:
        sep = "、" if lang == "ja" else ", "
        givers = sep.join(dict.fromkeys(self.from_names.get(e.src.key or "", e.src.key or "") for e in self.cards))
        items = sep.join(parse_card(e.card).display(lang) for e in self.cards)
        return render(
            "{givers} hand {count} cards to {name} ({items}) (END-2).",
            lang,
            givers=givers,
            count=len(self.cards),
            name=self.to_name,
            items=items,
        )


class GiveCards(CommandBase):
    """END-2: several selected cards from hands to ``to_character``'s hand — one move,
    one undo step; every card is checked before anything moves."""

    type: Literal["upland_give_cards"] = "upland_give_cards"
    cards: tuple[str, ...]
    to_character: str

    def run(self, ctx: Context) -> None:
        state = ctx.state
        require_started(state)
        receiver = require_character(state, self.to_character)
        if len(self.cards) < 2:
            raise EngineError("A group move needs at least two cards or markers.")
        codes: list[str] = []
        for text in self.cards:
            code, place, _ = locate(state, text)
            label = parse_card(code).short()
            if code in codes:
                raise EngineError("{item} is named twice in the group.", item=label)
            if place.zone is not PileKind.HAND:
                raise EngineError("{item} is not in anyone's hand.", item=label)
            if place.key == receiver.id:
                raise EngineError("{item} is already in {name}'s hand.", item=label, name=receiver.name)
            codes.append(code)
        scratch = Context(state)
        for code in codes:
            move_card(scratch, code, hand(receiver.id))
        moved = tuple(e for e in scratch.events if isinstance(e, CardMoved))
        givers = {e.src.key: state.characters[e.src.key].name for e in moved if e.src.key in state.characters}
        ctx.emit(CardsGiven(cards=moved, to_name=receiver.name, from_names=givers))

    def label(self, lang: str = "ja") -> str:
        return render("Give {count} cards", lang, count=len(self.cards))


@dataclass(frozen=True)
class _Group:
    """The members of a group move where they stand now, checked one by one."""

    #: card code -> (short name, square, index in its stack)
    cards: dict[str, tuple[str, str, int]]
    #: character id -> (name, square of the marker)
    markers: dict[str, tuple[str, str]]
    #: the square of the lead (the member the GM dragged)
    start: str

    @classmethod
    def of(cls, state: State, card_codes: Sequence[str], characters: Sequence[str], lead: str) -> _Group:
        require_started(state)
        count = len(card_codes) + len(characters)
        if count < 2:
            raise EngineError("A group move needs at least two cards or markers.")
        if count > MAX_MEMBERS:
            raise EngineError("A group move takes at most {max} cards and markers.", max=MAX_MEMBERS)
        cards: dict[str, tuple[str, str, int]] = {}
        for code in card_codes:
            canonical, place, index = locate(state, code)
            label = parse_card(canonical).short()
            if canonical in cards:
                raise EngineError("{item} is named twice in the group.", item=label)
            if place.zone is not PileKind.SQUARE or place.key is None:
                raise EngineError("{item} is not on a square: only cards on the map move as a group.", item=label)
            cards[canonical] = (label, place.key, index)
        markers: dict[str, tuple[str, str]] = {}
        for character in characters:
            who = require_character(state, character)
            if who.id in markers:
                raise EngineError("{item} is named twice in the group.", item=who.name)
            where = markers_of(state).get(who.id)
            if where is None:
                raise EngineError("{name}'s marker is not on the map.", name=who.name)
            markers[who.id] = (who.name, where)
        lead_code = _card_code(lead)
        if lead_code is not None and lead_code in cards:
            start = cards[lead_code][1]
        elif lead in markers:
            start = markers[lead][1]
        else:
            raise EngineError("The dragged item '{lead}' is not one of the group.", lead=lead)
        return cls(cards, markers, start)

    def squares(self) -> list[str]:
        """Every square a member stands on (the lead's first)."""
        out = [self.start]
        for where in [w for _, w, _ in self.cards.values()] + [w for _, w in self.markers.values()]:
            if where not in out:
                out.append(where)
        return out


def group_targets(state: State, cards: Sequence[str], markers: Sequence[str], lead: str) -> list[str]:
    """Every square the lead may be dropped on so that the whole group lands on
    the map (``MoveGroup`` accepts exactly these; lit during a group drag)."""
    try:
        group = _Group.of(state, cards, markers, lead)
    except EngineError:
        return []
    grid = state.grid
    a = grid.pos(group.start)
    members = [grid.pos(n) for n in group.squares()]
    out: list[str] = []
    for name in grid.squares():
        b = grid.pos(name)
        step = Pos(b.col - a.col, b.row - a.row)
        if name != group.start and all(grid.contains(_shifted(p, step)) for p in members):
            out.append(name)
    return out


def give_targets(state: State, cards: Sequence[str]) -> list[str]:
    """END-2: the characters whose hand several selected hand cards may go to (all of
    them in hands; none in that character's own); [] when not every card is in a hand."""
    owners: set[str] = set()
    for text in cards:
        try:
            _, place, _ = locate(state, text)
        except EngineError:
            return []
        if place.zone is not PileKind.HAND or place.key is None:
            return []
        owners.add(place.key)
    if len(cards) < 2:
        return []
    return [cid for cid in state.characters if cid not in owners]


def _shifted(pos: Pos, step: Pos) -> Pos:
    return Pos(pos.col + step.col, pos.row + step.row)


def _card_code(text: str) -> str | None:
    try:
        return parse_card(text).code
    except EngineError:
        return None


GROUP_COMMANDS: tuple[type[CommandBase], ...] = (MoveGroup, GiveCards)
GROUP_EVENTS: tuple[type[EventBase], ...] = (GroupMoved, CardsGiven)

__all__ = [
    "GROUP_COMMANDS",
    "GROUP_EVENTS",
    "MAX_MEMBERS",
    "CardsGiven",
    "GiveCards",
    "GroupMoved",
    "MoveGroup",
    "give_targets",
    "group_targets",
]
