"""Events of the ♦ events and the lingering bone (TRS, REM, TEAR, BONE).

Each writes the diamonds' part of the procedure state (``CycleState.diamonds``)
and says in the log what happened, with its rule ID.  Sheet numbers change
through :class:`engine.upland.events.SheetValueChanged`, dice through
:class:`engine.upland.events.CheckMade`, cards through the board events.
"""

from __future__ import annotations

from typing import Literal

from engine.core.changes import Changes
from engine.core.events import EventBase
from engine.core.state import State
from engine.i18n import render
from engine.upland.diamond_state import DiamondState, TearSpirit, TreasureDue, TreasureFound
from engine.upland.event_support import rule_suffix, touch_cycle, with_cycle
from engine.upland.facts import cycle_of
from engine.upland.texts import card_text, names_text


def _with_diamonds(state: State, **update: object) -> State:
    diamonds: DiamondState = cycle_of(state).diamonds
    return with_cycle(state, diamonds=diamonds.model_copy(update=update))


def _rank_text(rank: int) -> str:
    """TRS-3: a treasure rank as the table names it (11 J, 12 Q, 13 K, 14 A)."""
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _stop(lang: str) -> str:
    return "。" if lang == "ja" else "."


TearWhat = Literal[
    "raised", "combat", "accept", "summoned", "summon_failed", "summon_fumbled",
    "hit", "missed", "struck", "parried", "taunted", "dispersed", "possessed", "accepted", "dropped",
    "set_aside",
]  # fmt: skip


class TearSpiritChanged(EventBase):
    """TEAR-1 … TEAR-6, BONE-1: the tear spirit under way changed (None: it is gone).

    ``name`` is the character concerned (target, summoner, taunter, winner),
    ``amount`` the number the line reports (MP and Call moved, POW)."""

    type: Literal["upland_tear_spirit"] = "upland_tear_spirit"
    what: TearWhat
    card: str
    after: TearSpirit | None
    rule: str
    name: str = ""
    amount: int = 0
    #: TEAR-3: the Call that moved on a hit — less than ``amount`` when the
    #: spirit had less Call left (None in files written before: ``amount``).
    moved: int | None = None

    def apply(self, state: State) -> State:
        return _with_diamonds(state, tear=self.after)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.cards.add(self.card)

    def describe(self, lang: str = "ja") -> str:
        card = card_text(self.card, lang)
        spirit = self.after
        texts = {
            "raised": render("Tear spirit of {card}: the party chooses combat or acceptance", lang, card=card),
            "combat": render("Tear spirit of {card}: the party will fight it (summoning first)", lang, card=card),
            "accept": render("Tear spirit of {card}: the party accepts it", lang, card=card),
            "summoned": render(
                "Tear spirit of {card} gathers at {name}: POW {pow}, Call {call}",
                lang,
                card=card,
                name=self.name,
                pow=self.amount,
                call=spirit.call if spirit else 0,
            ),
            "summon_failed": render("Summoning for {card} failed: no effect", lang, card=card),
            "summon_fumbled": render(
                "Summoning for {card} fumbled: {name}'s Call rises by {amount}",
                lang,
                card=card,
                name=self.name,
                amount=self.amount,
            ),
            "hit": render(
                "The tear spirit hits {name}: MP −{amount}, Call {moved} moves to {name}",
                lang,
                name=self.name,
                amount=self.amount,
                moved=self.amount if self.moved is None else self.moved,
            ),
            "missed": render("The tear spirit misses {name}", lang, name=self.name),
            "struck": render(
                "{name} hits the tear spirit: its MP and Call −{amount}", lang, name=self.name, amount=self.amount
            ),
            "parried": render("{name} misses the tear spirit", lang, name=self.name),
            "taunted": render(
                "{name} taunts the tear spirit: it attacks {name} from the next round", lang, name=self.name
            ),
            "dispersed": render("The tear spirit of {card} disperses: {name} wins", lang, card=card, name=self.name),
            "possessed": render(
                "{name}'s MP is 0: the tear spirit possesses {name} (the GM decides what follows)",
                lang,
                name=self.name,
            ),
            "accepted": render("The tear spirit of {card} is accepted", lang, card=card),
            "dropped": render("{card} was resolved by hand; its tear spirit is dropped", lang, card=card),
            "set_aside": render(
                "The tear spirit of {card} waits: the diamond played after the obstacle goes first", lang, card=card
            ),
        }
        return texts[self.what] + rule_suffix(self.rule, lang) + _stop(lang)


class TreasureChanged(EventBase):
    """TRS-1 … TRS-3: a treasure became due (``due``), or its roll ended (``found``
    the treasure, or nothing: ``rank`` above the cap, or ``lost`` to a fumble)."""

    type: Literal["upland_treasure"] = "upland_treasure"
    card: str
    due: TreasureDue | None
    found: TreasureFound | None = None
    rank: int | None = None
    cap: int = 0
    lost: bool = False
    rule: str = "TRS-1"

    def apply(self, state: State) -> State:
        diamonds = cycle_of(state).diamonds
        treasures = diamonds.treasures + ((self.found,) if self.found is not None else ())
        if self.due is not None:
            return _with_diamonds(state, treasure=self.due, treasures=treasures)
        rolled = (
            diamonds.treasure_rolled
            if self.card in diamonds.treasure_rolled
            else (*diamonds.treasure_rolled, self.card)
        )
        return _with_diamonds(state, treasure=None, treasures=treasures, treasure_rolled=rolled)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)

    def describe(self, lang: str = "ja") -> str:
        card = card_text(self.card, lang)
        suffix = rule_suffix(self.rule, lang) + _stop(lang)
        if self.due is not None:
            return render("Treasure for {card}: cap {cap}", lang, card=card, cap=self.due.cap) + suffix
        if self.lost:
            return render("Treasure of {card} lost: a Notice roll fumbled", lang, card=card) + suffix
        if self.found is None:
            return (
                render(
                    "Treasure of {card}: rank {rank} is above the cap {cap}, nothing worth taking",
                    lang,
                    card=card,
                    rank=self.rank,
                    cap=self.cap,
                )
                + suffix
            )
        return (
            render(
                "Treasure of {card}: rank {rank} — {item} (contents decided after the return)",
                lang,
                card=card,
                rank=_rank_text(self.found.rank),
                item=_item_text(self.found, lang),
            )
            + suffix
        )


def _item_text(found: TreasureFound, lang: str) -> str:
    """TRS-3: the row's item; goods say their worth (rank² × 10 L) rather than
    the table's formula."""
    if found.kind == "goods" and found.lunars is not None:
        return render("common goods worth {lunars} lunars", lang, lunars=found.lunars)
    return found.ja


class RemainsSearched(EventBase):
    """REM-1/REM-2: the hour's search of ``card`` is over (``found`` remains in
    all, capped at the card's strength; ``tear`` a fumble raised its spirit)."""

    type: Literal["upland_remains_searched"] = "upland_remains_searched"
    card: str
    searchers: tuple[str, ...]
    found: int
    cap: int
    tear: bool = False

    def apply(self, state: State) -> State:
        return state

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.cards.add(self.card)

    def describe(self, lang: str = "ja") -> str:
        card = card_text(self.card, lang)
        if not self.searchers:
            return render("Nobody searches {card} for remains; it stays face up (EVT-3).", lang, card=card)
        line = render(
            "Remains search of {card} by {names}: {found} found (cap {cap}) (REM-1).",
            lang,
            card=card,
            names=names_text(list(self.searchers), lang),
            found=self.found,
            cap=self.cap,
        )
        if self.tear:
            line += " " + render("A fumble raises a tear spirit (REM-2).", lang)
        return line


class BoneWon(EventBase):
    """BONE-1: the lingering bone's fight was won by ``character``."""

    type: Literal["upland_bone_won"] = "upland_bone_won"
    character: str
    name: str

    def apply(self, state: State) -> State:
        return _with_diamonds(state, bone_won_by=self.character)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        return render("{name} beat the lingering bone: 1 remains and Death Rite +5 (BONE-1).", lang, name=self.name)


class Possessed(EventBase):
    """TEAR-5: the spirit possessed ``character`` (MP 0)."""

    type: Literal["upland_possessed"] = "upland_possessed"
    character: str
    name: str

    def apply(self, state: State) -> State:
        possessed = cycle_of(state).diamonds.possessed
        return _with_diamonds(state, possessed=possessed + (self.character,))

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.characters.add(self.character)

    def describe(self, lang: str = "ja") -> str:
        return render("{name} is possessed (TEAR-5).", lang, name=self.name)


class ObstacleDiamondPlayed(EventBase):
    """OBS-4: after overcoming ``obstacle``, a character played ``card`` (a ♦ of
    at most its strength) from hand; it lies face up on the party's square and
    raises its remains event (a tear spirit after the crossing)."""

    type: Literal["upland_obstacle_diamond"] = "upland_obstacle_diamond"
    card: str
    obstacle: str
    character: str
    name: str
    cap: int
    tear: bool = False

    def apply(self, state: State) -> State:
        return _with_diamonds(state, obstacle_diamond=self.card)

    def touch(self, changes: Changes) -> None:
        touch_cycle(changes)
        changes.cards.add(self.card)

    def describe(self, lang: str = "ja") -> str:
        source = (
            "{name} plays {card} after overcoming {obstacle}: a tear-spirit event; repelling it gives a treasure "
            "roll capped at {strength} (OBS-4)."
            if self.tear
            else "{name} plays {card} after overcoming {obstacle}: a remains event; finding remains gives a "
            "treasure roll capped at {strength} (OBS-4)."
        )
        return render(
            source,
            lang,
            name=self.name,
            card=card_text(self.card, lang),
            obstacle=card_text(self.obstacle, lang),
            strength=self.cap,
        )


DIAMOND_EVENTS: tuple[type[EventBase], ...] = (
    TearSpiritChanged, TreasureChanged, RemainsSearched, BoneWon, Possessed, ObstacleDiamondPlayed,
)  # fmt: skip
