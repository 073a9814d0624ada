"""Reading fields of foreign documents: numbers that arrive as strings, lists, texts.

Each reader names the field in its refusal (``TBAP[3]``, ``data.status[0].value``)
so a GM can find the broken spot in the document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError


def number(value: Any, field: str) -> int:
    """An integer from ``12``, ``"12"`` or ``" 12 "``; anything else names the field."""
    if isinstance(value, bool):
        raise EngineError("Field {field} is not a number: '{value}'.", field=field, value=value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().replace("＋", "+").replace("－", "-")
        try:
            return int(text)
        except ValueError:
            pass
    raise EngineError("Field {field} is not a number: '{value}'.", field=field, value=value)


def blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def text(doc: Mapping[str, Any], key: str, field: str | None = None, *, required: bool = False) -> str:
    value = doc.get(key)
    if value is None:
        if required:
            raise EngineError("Field {field} is missing.", field=field or key)
        return ""
    if not isinstance(value, str | int | float):
        raise EngineError("Field {field} is not a text.", field=field or key)
    return str(value).strip()


def array(doc: Mapping[str, Any], key: str, *, required: bool = False) -> list[Any]:
    value = doc.get(key)
    if value is None:
        if required:
            raise EngineError("Field {field} is missing.", field=key)
        return []
    if not isinstance(value, list):
        raise EngineError("Field {field} is not a list.", field=key)
    return value


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise EngineError("Field {field} is not an object.", field=field)
    return value
