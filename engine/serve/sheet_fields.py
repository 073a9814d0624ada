"""Which of a seat's own sheet fields its page lists, and their labels in both languages.

The page draws HP, MP and SAN, the skills, weapons and conditions by themselves;
this names the other fields worth a player's eye, in the ruleset's words — the
Upland's from its own sheet labels (``engine.upland.texts.field_text``), a CoC
investigator's characteristics and damage bonus — so the page shows no raw field
names and none of the GM's book-keeping (creation points, flags).  Each ruleset
is imported only when a session of it is served.
"""

from __future__ import annotations

from engine.core.state import State
from engine.i18n import LANGS, render

Labels = list[tuple[str, dict[str, str]]]

UPLAND_FIELDS = (
    "fatigue_thirds", "STR", "CON", "SIZ", "INT", "POW", "DEX", "APP", "spirit_pressure", "call", "death_rite",
    "remains", "moving_weight", "worn_load", "food", "money",
)  # fmt: skip
COC_FIELDS = ("occupation", "STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU", "damage_bonus")
#: A CoC weapon's columns as a キャラクター保管所 sheet heads them.
COC_WEAPON_WORDS = {
    "hit": "hit chance",
    "damage": "damage",
    "skill": "skill",
    "range": "range",
    "uses": "attacks per round",
    "impaling": "impaling",
    "thrown": "thrown",
}
#: The CoC fields whose label is a word of their own (the rest are characteristics, shown as they are).
COC_WORDS = {"occupation": "occupation", "damage_bonus": "damage bonus"}


def sheet_fields(view: State, key: str) -> Labels:
    """The fields of ``key``'s own sheet to list, in order, with their labels (none without a sheet)."""
    character = view.characters.get(key)
    sheet = character.sheet if character is not None else None
    if sheet is None:
        return []
    kind = getattr(sheet, "kind", "")
    if kind == "upland":
        from engine.upland.texts import field_text

        return [(field, {lang: field_text(field, lang) for lang in LANGS}) for field in UPLAND_FIELDS]
    if kind == "coc6":
        return [
            (field, {lang: render(COC_WORDS[field], lang) if field in COC_WORDS else field for lang in LANGS})
            for field in COC_FIELDS
        ]
    return []


def row_words(view: State, key: str) -> dict[str, dict[str, str]]:
    """The words for the columns of the own sheet's rows (a CoC weapon's hit chance, damage …)."""
    character = view.characters.get(key)
    sheet = character.sheet if character is not None else None
    if getattr(sheet, "kind", "") != "coc6":
        return {}
    return {field: {lang: render(word, lang) for lang in LANGS} for field, word in COC_WEAPON_WORDS.items()}


__all__ = ["COC_FIELDS", "COC_WEAPON_WORDS", "UPLAND_FIELDS", "row_words", "sheet_fields"]
