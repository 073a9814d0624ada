"""The union of every command type (``type`` discriminator), built from each
domain's own tuple so adding a command means adding it in one place."""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter, ValidationError

from engine.commands.base import CommandBase
from engine.commands.board import BOARD_COMMANDS
from engine.errors import EngineError
from engine.upland.command_types import PROCEDURE_COMMANDS
from engine.upland.sheet_command_types import SHEET_COMMANDS

ALL_COMMANDS: tuple[type[CommandBase], ...] = BOARD_COMMANDS + SHEET_COMMANDS + PROCEDURE_COMMANDS
Command = Annotated[Union[ALL_COMMANDS], Field(discriminator="type")]  # type: ignore[valid-type]
COMMAND_ADAPTER: TypeAdapter[CommandBase] = TypeAdapter(Command)


def parse_command(data: Any) -> CommandBase:
    """A command from JSON-like data; malformed data is a clear EngineError."""
    try:
        if isinstance(data, (str, bytes)):
            return COMMAND_ADAPTER.validate_json(data)
        return COMMAND_ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(
            "Not a valid command ({where}: {problem}).", where=where or "-", problem=first.get("msg", "")
        ) from exc


def command_schema() -> dict[str, Any]:
    return COMMAND_ADAPTER.json_schema()


__all__ = ["ALL_COMMANDS", "Command", "COMMAND_ADAPTER", "parse_command", "command_schema"]
