"""Battle maps as files: ``assets/maps/*.toml``, one map each.

TOML has no null, so the move costs are drawn as text, one string per row of
hexes, one character per hex — a GM can edit a map in any text editor and see
its shape::

    id = "reed-bed"
    width = 4
    height = 2
    rows = ["1122", "13#1"]      # 1, 2, 3 = move cost; # = impassable
    [name]
    ja = "葦原"
    [[zones]]
    name = "lead"
    hexes = ["B1"]

Spaces inside a row are ignored.  Anything malformed is refused with an
:class:`EngineError` that names the file.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.assets import assets_root
from engine.errors import EngineError
from engine.hexbattle.hexmap import HexMap, MapName, MoveCost, Zone
from engine.i18n import render

#: Characters of a map row and the move cost each stands for.
TERRAIN: dict[str, MoveCost] = {"1": 1, ".": 1, "2": 2, "3": 3, "#": None}
_SYMBOL: dict[MoveCost, str] = {1: "1", 2: "2", 3: "3", None: "#"}


class MapFile(BaseModel):
    """The schema of one ``assets/maps/*.toml`` file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    name: MapName = MapName()
    width: int
    height: int
    rows: tuple[str, ...]
    zones: tuple[Zone, ...] = ()


class MapFileError(EngineError):
    """A refused map file: its name around the reason, both in the reader's language."""

    def __init__(self, file: str, reason: EngineError) -> None:
        super().__init__("The map file {file} is refused: {detail}", file=file, detail=reason.text("en"))
        self.reason = reason

    def text(self, lang: str = "en") -> str:
        return render(self.source, lang, file=self.params["file"], detail=self.reason.text(lang))


def _costs(rows: tuple[str, ...], map_id: str) -> list[list[MoveCost]]:
    out: list[list[MoveCost]] = []
    for row_number, row in enumerate(rows, start=1):
        costs: list[MoveCost] = []
        for char in row.replace(" ", ""):
            if char not in TERRAIN:
                raise EngineError(
                    "Row {row} of the map {map_id} has the sign {sign}; use 1, 2, 3 or # (impassable).",
                    row=row_number,
                    map_id=map_id,
                    sign=char,
                )
            costs.append(TERRAIN[char])
        out.append(costs)
    return out


def map_from_toml(text: str, source: str = "(text)") -> HexMap:
    """Parse and validate one map file's text; ``source`` names it in messages."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EngineError("The map file {file} is not valid TOML: {detail}", file=source, detail=str(exc)) from None
    try:
        data = MapFile.model_validate(document)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise EngineError("The map file {file} is malformed at {where}.", file=source, where=where) from None
    except EngineError as exc:
        raise MapFileError(source, exc) from None
    try:
        return HexMap.model_validate(
            {
                "id": data.id,
                "name": data.name.model_dump(),
                "width": data.width,
                "height": data.height,
                "costs": _costs(data.rows, data.id),
                "zones": [z.model_dump() for z in data.zones],
            }
        )
    except EngineError as exc:
        raise MapFileError(source, exc) from None


def map_to_toml(hex_map: HexMap) -> str:
    """The file text of a map (what the map editor saves)."""
    lines = [f'id = "{hex_map.id}"', f"width = {hex_map.width}", f"height = {hex_map.height}", "rows = ["]
    lines += [f'    "{"".join(_SYMBOL[c] for c in row)}",' for row in hex_map.costs]
    lines += ["]", "", "[name]", f'ja = "{hex_map.name.ja}"', f'en = "{hex_map.name.en}"']
    for zone in hex_map.zones:
        hexes = ", ".join(f'"{h}"' for h in zone.hexes)
        lines += ["", "[[zones]]", f'name = "{zone.name}"', f"hexes = [{hexes}]"]
    return "\n".join(lines) + "\n"


def load_map(path: Path) -> HexMap:
    """Read one map file; a missing or unreadable file is refused like a malformed one."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EngineError("The map file {file} cannot be read: {detail}", file=str(path), detail=str(exc)) from None
    return map_from_toml(text, str(path))


def maps_dir() -> Path:
    """``assets/maps``: the ready-made maps shipped with the program."""
    return assets_root() / "maps"


@cache
def shipped_maps() -> dict[str, HexMap]:
    """The ready-made maps by id, read once."""
    found: dict[str, HexMap] = {}
    for path in sorted(maps_dir().glob("*.toml")):
        hex_map = load_map(path)
        found[hex_map.id] = hex_map
    return found


def shipped_map(map_id: str) -> HexMap:
    maps = shipped_maps()
    if map_id not in maps:
        raise EngineError("There is no battle map {map_id} ({known}).", map_id=map_id, known=", ".join(sorted(maps)))
    return maps[map_id]
