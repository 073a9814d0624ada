"""Commands on investigator sheets: set, create, edit a skill, import, the student (SKL-A-1, STU-B-1)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coc6 import student
from engine.coc6.commands.access import coc_sheet, coc_state, find_character
from engine.coc6.events import CocSheetSet, CocStudentChanged
from engine.coc6.importers.documents import import_text
from engine.coc6.sheet import CocSheet, new_investigator, set_skill
from engine.core.commands import CommandBase, Context
from engine.core.state import Character
from engine.errors import EngineError
from engine.i18n import render
from engine.rulesets.coc6_checks import CocOptions
from engine.table.events import CharacterAdded


def starts_hidden(ctx: Context, who: Character, after: CocSheet) -> bool:
    """Whether ``after`` makes ``who`` a keeper's NPC that starts hidden from the players:
    an NPC sheet where there was none, in a session whose option ``npcs_start_hidden``
    is on (sessions created before it keep every character in view)."""
    options = ctx.state.options
    if not isinstance(options, CocOptions) or not options.npcs_start_hidden or not after.npc:
        return False
    before = who.sheet
    return who.shown and not (isinstance(before, CocSheet) and before.npc)


def side_change(who: Character, after: CocSheet | None) -> bool | None:
    """The character's new side when the sheet's NPC switch differs from it (None: no change).

    The sheet's switch is what the rules read (an NPC has no caps, no pool);
    the character's flag is what the seats read (no player sits behind an NPC):
    a sheet saved with the switch keeps both saying the same."""
    if after is None or after.npc == who.npc:
        return None
    return after.npc


class CocSetSheet(CommandBase):
    """Give a character a whole investigator sheet (``sheet`` None removes it)."""

    type: Literal["coc_set_sheet"] = "coc_set_sheet"
    character: str
    sheet: CocSheet | None

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        who = find_character(ctx, self.character)
        if who.sheet == self.sheet:
            raise EngineError("Nothing to change for {name}.", name=who.name)
        after = self.sheet
        hides = after is not None and starts_hidden(ctx, who, after)
        side = side_change(who, after)
        ctx.emit(CocSheetSet(character=who.id, name=who.name, before=who.sheet, after=after, npc=side, hides=hides))

    def label(self, lang: str = "ja") -> str:
        return render("Set an investigator sheet", lang)


class CocNewInvestigator(CommandBase):
    """A fresh sheet from the eight characteristics: every skill at its base (SKL-A-1)."""

    type: Literal["coc_new_investigator"] = "coc_new_investigator"
    character: str
    characteristics: dict[str, int]
    occupation: str = ""
    occupation_skills: tuple[str, ...] = ()
    npc: bool = False
    #: Skills set above their base after creation.
    skills: dict[str, int] = Field(default_factory=dict)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        who = find_character(ctx, self.character)
        sheet = new_investigator(
            who.name, self.characteristics, occupation=self.occupation, occupation_skills=self.occupation_skills,
            npc=self.npc,
        )  # fmt: skip
        for skill, value in self.skills.items():
            sheet = set_skill(sheet, skill, value)
        ctx.emit(CocSheetSet(character=who.id, name=who.name, before=who.sheet, after=sheet,
                             hides=starts_hidden(ctx, who, sheet)))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("New investigator {name}", lang, name=self.character)


class CocSetSkill(CommandBase):
    """Set one skill's value (a free skill is added by name); invalid values are refused."""

    type: Literal["coc_set_skill"] = "coc_set_skill"
    character: str
    skill: str
    value: int
    occupational: bool | None = None

    def run(self, ctx: Context) -> None:
        cid, sheet = coc_sheet(ctx, self.character)
        after = set_skill(sheet, self.skill, self.value, occupational=self.occupational)
        if after == sheet:
            raise EngineError("Nothing to change for {name}.", name=sheet.name)
        ctx.emit(CocSheetSet(character=cid, name=sheet.name, before=sheet, after=after, how="edit"))

    def label(self, lang: str = "ja") -> str:
        return render("Set {skill}", lang, skill=self.skill)


class CocImportSheet(CommandBase):
    """Bring a character in from キャラクター保管所 / CCFOLIA / yobigoe JSON (format detected).

    A character of the same name gets the sheet; otherwise a new character is
    added.  A broken document is refused whole, naming the field.
    """

    type: Literal["coc_import_sheet"] = "coc_import_sheet"
    document: str = Field(max_length=1_000_000)

    def run(self, ctx: Context) -> None:
        coc_state(ctx)
        _fmt, sheet = import_text(self.document)
        existing = next((c for c in ctx.state.ordered_characters() if c.name == sheet.name), None)
        if existing is None:
            if len(ctx.state.characters) >= 12:
                raise EngineError("A table has at most 12 characters.")
            existing = Character(
                id=f"c{ctx.state.next_character}", name=sheet.name, order=len(ctx.state.characters) + 1
            )
            ctx.emit(CharacterAdded(character=existing))
        before = existing.sheet if isinstance(existing.sheet, CocSheet) else None
        ctx.emit(CocSheetSet(character=existing.id, name=existing.name, before=before, after=sheet, how="import",
                             hides=starts_hidden(ctx, existing, sheet)))  # fmt: skip

    def label(self, lang: str = "ja") -> str:
        return render("Import an investigator", lang)


class CocStudent(CommandBase):
    """STU-B-1: the student changes to a finished sheet."""

    type: Literal["coc_student"] = "coc_student"
    character: str
    track: Literal["arts", "science"] | None = None
    track_skills: tuple[str, ...] = ()
    gm_says: bool = False

    def run(self, ctx: Context) -> None:
        cid, sheet = coc_sheet(ctx, self.character)
        after, fact = student.apply_student(sheet, track=self.track, track_skills=self.track_skills,
                                            gm_says=self.gm_says)  # fmt: skip
        ctx.emit(CocStudentChanged(character=cid, changes=fact, after=after))

    def label(self, lang: str = "ja") -> str:
        return render("Student changes", lang)


SHEET_COMMANDS: tuple[type[CommandBase], ...] = (
    CocSetSheet,
    CocNewInvestigator,
    CocSetSkill,
    CocImportSheet,
    CocStudent,
)
