"""Character documents: format detection, import and export.

``import_text`` reads a pasted or opened document, finds its format from its
shape (キャラクター保管所, CCFOLIA, or yobigoe's own sheet JSON) and returns
one validated sheet; ``export_sheet`` writes ``ccfolia`` or ``yobigoe``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from engine.coc6.checks import CocRuleset
from engine.coc6.importers import ccfolia, vampire
from engine.coc6.sheet import CocSheet, make_sheet
from engine.errors import EngineError

DocumentFormat = Literal["vampire", "ccfolia", "yobigoe"]
YOBIGOE_FORMAT = "yobigoe-coc6"
YOBIGOE_VERSION = 1


def detect_format(doc: Any) -> DocumentFormat:
    """Which format a parsed document is in; anything else is refused."""
    if not isinstance(doc, dict):
        raise EngineError("A character document must be a JSON object.")
    if doc.get("format") == YOBIGOE_FORMAT:
        return "yobigoe"
    if ccfolia.looks_like(doc):
        return "ccfolia"
    if vampire.looks_like(doc):
        return "vampire"
    raise EngineError("Unknown character document: neither キャラクター保管所, CCFOLIA nor yobigoe JSON.")


def import_document(doc: Any) -> tuple[DocumentFormat, CocSheet]:
    kind = detect_format(doc)
    if kind == "yobigoe":
        return kind, _import_yobigoe(doc)
    if kind == "ccfolia":
        return kind, ccfolia.import_ccfolia(doc)
    return kind, vampire.import_vampire(doc)


def import_text(text: str) -> tuple[DocumentFormat, CocSheet]:
    """Parse JSON text (clipboard or file) and import it."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EngineError(
            "The character document is not valid JSON (line {line}, column {column}).",
            line=exc.lineno,
            column=exc.colno,
        ) from exc
    return import_document(doc)


def _import_yobigoe(doc: Mapping[str, Any]) -> CocSheet:
    version = doc.get("version")
    if version != YOBIGOE_VERSION:
        raise EngineError("Unsupported yobigoe character version {version}.", version=version)
    sheet = doc.get("sheet")
    if not isinstance(sheet, dict):
        raise EngineError("Field {field} is not an object.", field="sheet")
    return make_sheet(sheet)


def export_sheet(
    sheet: CocSheet, fmt: Literal["ccfolia", "yobigoe"], ruleset: CocRuleset | None = None
) -> dict[str, Any]:
    """``ruleset`` only shapes the CCFOLIA palette (capped targets, secret 〈心理学〉 in B)."""
    if fmt == "ccfolia":
        return ccfolia.export_ccfolia(sheet, ruleset)
    if fmt == "yobigoe":
        return {"format": YOBIGOE_FORMAT, "version": YOBIGOE_VERSION, "sheet": sheet.model_dump(mode="json")}
    raise EngineError("Unknown export format '{format}' (use ccfolia or yobigoe).", format=fmt)


def export_text(sheet: CocSheet, fmt: Literal["ccfolia", "yobigoe"], ruleset: CocRuleset | None = None) -> str:
    return json.dumps(export_sheet(sheet, fmt, ruleset), ensure_ascii=False, indent=2)
