"""The registry of rulesets and of the parts of the state they bring.

Everything that depends on which rulesets exist is built here from what was
registered: the command and event unions (discriminated on ``type``), the
options of a ruleset, the model of a state slice or of a character sheet.
The unions are rebuilt when something registers, so a ruleset defined later —
a plug-in, or a toy ruleset in a test — works with no edit to the core.

A part of the state that is not a ruleset (the hex battle's ``battle`` slice,
usable by any ruleset) registers with :func:`register_slice`; the free table
registers its commands with :func:`register_part`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Field, TypeAdapter, ValidationError

from engine.core.models import OptionsBase, SheetBase, SliceBase
from engine.errors import EngineError
from engine.rulesets.base import Ruleset, SliceView, StateUpgrade

if TYPE_CHECKING:
    from engine.core.commands import CommandBase
    from engine.core.events import EventBase
    from engine.rulesets.steps import Flow


@dataclass(frozen=True)
class SliceEntry:
    model: type[SliceBase]
    view: SliceView | None = None


@dataclass(frozen=True)
class Part:
    """Commands and events of one owner (a ruleset, the table, the battle board)."""

    commands: tuple[type[CommandBase], ...] = ()
    events: tuple[type[EventBase], ...] = ()


_rulesets: dict[str, Ruleset] = {}
_slices: dict[str, SliceEntry] = {}
_sheets: dict[str, type[SheetBase]] = {}
_parts: dict[str, Part] = {}
_upgrades: dict[str, tuple[StateUpgrade, ...]] = {}
_cache: dict[str, Any] = {}
_loaders: list[Callable[[], None]] = []


def add_loader(load: Callable[[], None]) -> None:
    """Register rulesets on first need: ``load`` runs before the first question to
    the registry (the front door hands in the built-ins' loader this way, so
    importing the engine does not load every ruleset's models at start-up)."""
    _loaders.append(load)


def _ensure_loaded() -> None:
    while _loaders:
        _loaders.pop(0)()


# -- registering ---------------------------------------------------------------
def register(ruleset: Ruleset) -> None:
    """Add a ruleset (registering the same value again changes nothing)."""
    if _rulesets.get(ruleset.id) is ruleset:
        return
    if ruleset.id in _rulesets:
        raise EngineError("The ruleset '{ruleset}' is already registered.", ruleset=ruleset.id)
    register_part(ruleset.id, ruleset.commands, ruleset.events)
    _rulesets[ruleset.id] = ruleset
    if ruleset.slice is not None:
        register_slice(ruleset.id, ruleset.slice, ruleset.slice_view)
    if ruleset.sheet is not None:
        kind = ruleset.sheet.model_fields["kind"].default
        _sheets[str(kind)] = ruleset.sheet
    _upgrades[ruleset.id] = ruleset.upgrades
    _cache.clear()


def unregister(ruleset_id: str) -> None:
    """Take a ruleset out again (tests register toy rulesets for one test only)."""
    ruleset = _rulesets.pop(ruleset_id, None)
    if ruleset is None:
        return
    _parts.pop(ruleset_id, None)
    _slices.pop(ruleset_id, None)
    _upgrades.pop(ruleset_id, None)
    if ruleset.sheet is not None:
        _sheets.pop(str(ruleset.sheet.model_fields["kind"].default), None)
    _cache.clear()


def register_slice(slice_id: str, model: type[SliceBase], view: SliceView | None = None) -> None:
    """Let ``State.slices[slice_id]`` hold a ``model`` (``view``: what players see of it)."""
    _slices[slice_id] = SliceEntry(model, view)


def unregister_slice(slice_id: str) -> None:
    _slices.pop(slice_id, None)


def register_part(owner: str, commands: tuple[type[CommandBase], ...], events: tuple[type[EventBase], ...]) -> None:
    """Add commands and events that belong to no ruleset (the table, the battle board)."""
    known_commands = {_type_of(c) for p in _parts.values() for c in p.commands}
    known_events = {_type_of(e) for p in _parts.values() for e in p.events}
    taken = ({_type_of(c) for c in commands} & known_commands) | ({_type_of(e) for e in events} & known_events)
    clashes = sorted(taken)
    if owner not in _parts and clashes:
        raise EngineError("These command or event types are already taken: {types}.", types=", ".join(clashes))
    _parts[owner] = Part(tuple(commands), tuple(events))
    _cache.clear()


@contextmanager
def registered(ruleset: Ruleset) -> Iterator[Ruleset]:
    """``with registered(TOY):`` — a ruleset for the length of a block."""
    register(ruleset)
    try:
        yield ruleset
    finally:
        unregister(ruleset.id)


def _type_of(model: type[Any]) -> str:
    return str(model.model_fields["type"].default)


# -- asking ----------------------------------------------------------------------
def ids() -> tuple[str, ...]:
    """The registered ruleset ids, in registration order."""
    _ensure_loaded()
    return tuple(_rulesets)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset ``ruleset_id``; an unknown id is a clear error."""
    _ensure_loaded()
    ruleset = _rulesets.get(ruleset_id)
    if ruleset is None:
        raise EngineError(
            "Unknown ruleset '{ruleset}' (known: {known}).", ruleset=ruleset_id, known=", ".join(_rulesets)
        )
    return ruleset


def find(ruleset_id: str) -> Ruleset | None:
    _ensure_loaded()
    return _rulesets.get(ruleset_id)


def flow(ruleset_id: str) -> Flow | None:
    """The step table of ``ruleset_id`` (None for a ruleset without a procedure)."""
    load = get(ruleset_id).flow
    return load() if load is not None else None


def options_for(ruleset_id: str, data: Mapping[str, object] | None) -> OptionsBase:
    """Validate a GM's option overrides for ``ruleset_id``."""
    model = get(ruleset_id).options
    payload = dict(data or {})
    payload["ruleset"] = ruleset_id
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise EngineError("Invalid ruleset options: {detail}", detail=str(exc).splitlines()[0]) from exc


def default_options(ruleset_id: str) -> OptionsBase:
    return options_for(ruleset_id, {})


def validate_options(data: object) -> object:
    """Options as stored (a dict naming its ruleset) → that ruleset's options model."""
    _ensure_loaded()
    if isinstance(data, Mapping) and "ruleset" in data:
        return get(str(data["ruleset"])).options.model_validate(data)
    return data


def slice_entry(slice_id: str) -> SliceEntry:
    _ensure_loaded()
    entry = _slices.get(slice_id)
    if entry is None:
        raise EngineError("Unknown part of the state '{slice}' (no ruleset registered it).", slice=slice_id)
    return entry


def validate_slices(data: object) -> object:
    """``State.slices`` as stored → each value validated by its registered model."""
    if not isinstance(data, Mapping):
        return data
    return {key: slice_entry(key).model.model_validate(value) for key, value in data.items()}


def validate_sheet(data: object) -> object:
    """A sheet as stored (a dict naming its ``kind``) → that sheet model."""
    _ensure_loaded()
    if isinstance(data, Mapping) and "kind" in data:
        model = _sheets.get(str(data["kind"]))
        if model is None:
            raise EngineError("Unknown character sheet kind '{kind}'.", kind=str(data["kind"]))
        return model.model_validate(data)
    return data


def upgrade_state(data: dict[str, Any]) -> dict[str, Any]:
    """A state dict written by an older schema, brought up to date by the rulesets' upgrades."""
    _ensure_loaded()
    for upgrades in list(_upgrades.values()):
        for upgrade in upgrades:
            data = upgrade(data)
    return data


def slice_views() -> dict[str, SliceView]:
    _ensure_loaded()
    return {key: entry.view for key, entry in _slices.items() if entry.view is not None}


# -- the unions ------------------------------------------------------------------
def command_types() -> tuple[type[CommandBase], ...]:
    _ensure_loaded()
    return tuple(c for part in _parts.values() for c in part.commands)


def event_types() -> tuple[type[EventBase], ...]:
    _ensure_loaded()
    return tuple(e for part in _parts.values() for e in part.events)


def _adapter(key: str, types: tuple[type[Any], ...], many: bool = False) -> TypeAdapter[Any]:
    adapter = _cache.get(key)
    if adapter is None:
        if not types:
            raise EngineError("No ruleset is registered.")
        union = Annotated[Union[types], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
        adapter = TypeAdapter(list[union] if many else union)
        _cache[key] = adapter
    return adapter


def command_adapter() -> TypeAdapter[CommandBase]:
    """Validates any registered command (``type`` discriminator)."""
    return _adapter("commands", command_types())


def event_adapter() -> TypeAdapter[EventBase]:
    return _adapter("event", event_types())


def event_list_adapter() -> TypeAdapter[list[EventBase]]:
    return _adapter("events", event_types(), many=True)


def parse_command(data: Any) -> CommandBase:
    """A command from JSON-like data; malformed data is a clear EngineError."""
    try:
        if isinstance(data, (str, bytes)):
            return command_adapter().validate_json(data)
        return command_adapter().validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(
            "Not a valid command ({where}: {problem}).", where=where or "-", problem=first.get("msg", "")
        ) from exc


def command_schema() -> dict[str, Any]:
    return command_adapter().json_schema()
