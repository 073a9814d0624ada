"""The registry of rulesets and of the parts of the state they bring.

Everything that depends on which rulesets exist is built here from what was
registered: the command and event unions (discriminated on ``type``), the
options of a ruleset, the model of a state slice or of a character sheet.
The unions are rebuilt when something registers, so a ruleset defined later —
a plug-in, or a toy ruleset in a test — works with no edit to the core.

A part of the state that is not a ruleset (the hex battle's ``battle`` slice,
usable by any ruleset) registers with :func:`register_slice`; the free table
registers its commands with :func:`register_part`.

A ruleset may also be *declared* (:func:`declare`) by its id, its slices, its
sheet kinds and the prefix of its command types, with a loader that imports
and registers it: the registry loads it on the first question that needs it
(``get``, a state holding its slice, a command of its type), so opening an
Upland session never imports CoC 6 and the first paint does not wait for every
ruleset's models.  :func:`command_adapter` and friends still answer
for every ruleset (they load the declared ones first); the readers on the
start-up path (:func:`parse_command`, :func:`command_from_json`,
:func:`events_from_json`) use the union of what is loaded so far and load the
owner of a type they do not know yet, then read again.

A registered part's commands and events may come later still: a ruleset's
``play`` (the Upland's ≈ 150 command and event models) and a part registered
with :func:`register_part_later` (the table's, the battle board's) are imported
the first time a union is asked for — a command read, run or written — so a
session opened from its snapshot paints its board before any command model
exists.

Naming rulesets and asking for a declared one's dice system build no model:
pydantic is imported by the functions that validate, not by this module, so a
dice-box roll from the command line (:mod:`engine.cli.roll`) starts without it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, Union

from engine.errors import EngineError
from engine.rulesets.base import PlayLoader, Ruleset, SliceView, StateUpgrade

if TYPE_CHECKING:
    from pydantic import TypeAdapter, ValidationError

    from engine.core.commands import CommandBase
    from engine.core.events import EventBase
    from engine.core.models import OptionsBase, SheetBase, SliceBase
    from engine.rulesets.steps import Flow

_T = TypeVar("_T")


@dataclass(frozen=True)
class SliceEntry:
    model: type[SliceBase]
    view: SliceView | None = None


@dataclass(frozen=True)
class Part:
    """Commands and events of one owner (a ruleset, the table, the battle board)."""

    commands: tuple[type[CommandBase], ...] = ()
    events: tuple[type[EventBase], ...] = ()


@dataclass(frozen=True)
class Declared:
    """A part known by name whose modules are imported only when first needed.

    ``prefixes``: command and event types starting with one of these belong to it
    (a type no declared part claims loads every declared part before it is refused).
    ``dice_system``: the BCDice game system of its rulesets (their ``Ruleset.dice_system``),
    so the dice box can roll for one without loading its models."""

    owner: str
    load: Callable[[], None]
    rulesets: tuple[str, ...] = ()
    slices: tuple[str, ...] = ()
    sheets: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    dice_system: str = ""


_rulesets: dict[str, Ruleset] = {}
_slices: dict[str, SliceEntry] = {}
_sheets: dict[str, type[SheetBase]] = {}
_parts: dict[str, Part] = {}
_upgrades: dict[str, tuple[StateUpgrade, ...]] = {}
_cache: dict[str, Any] = {}
_loaders: list[Callable[[], None]] = []
_pending: dict[str, Declared] = {}
_order: list[str] = []
#: Owners registered whose commands and events are imported on first need (``Ruleset.play``).
_plays: dict[str, PlayLoader] = {}


def add_loader(load: Callable[[], None]) -> None:
    """Register rulesets on first need: ``load`` runs before the first question to
    the registry (the front door hands in the built-ins' loader this way, so
    importing the engine does not load every ruleset's models at start-up)."""
    _loaders.append(load)


def _ensure_loaded() -> None:
    while _loaders:
        _loaders.pop(0)()


def declare(part: Declared) -> None:
    """Name a part (rulesets, slices, sheets, command types) that ``part.load``
    registers on first need; a part already registered is not declared again."""
    if part.owner in _parts or any(r in _rulesets for r in part.rulesets):
        return
    _pending[part.owner] = part
    for ruleset_id in part.rulesets:
        if ruleset_id not in _order:
            _order.append(ruleset_id)


def _load_declared(wanted: Callable[[Declared], bool]) -> bool:
    """Load the declared parts ``wanted`` picks; True if one was loaded."""
    chosen = [part for part in _pending.values() if wanted(part)]
    for part in chosen:
        if _pending.pop(part.owner, None) is not None:
            part.load()
    return bool(chosen)


def load_all() -> None:
    """Register every declared part now (a schema, an export, a full listing need them all)."""
    _ensure_loaded()
    _load_declared(lambda part: True)


def loaded_owners() -> tuple[str, ...]:
    """The owners whose commands are registered (declared parts not yet loaded are not)."""
    _ensure_loaded()
    return tuple(_parts)


# -- registering ---------------------------------------------------------------
def register(ruleset: Ruleset) -> None:
    """Add a ruleset (registering the same value again changes nothing)."""
    if _rulesets.get(ruleset.id) is ruleset:
        return
    if ruleset.id in _rulesets:
        raise EngineError("The ruleset '{ruleset}' is already registered.", ruleset=ruleset.id)
    register_part(ruleset.id, ruleset.commands, ruleset.events)
    if ruleset.play is not None:
        _plays[ruleset.id] = ruleset.play
    _rulesets[ruleset.id] = ruleset
    if ruleset.id not in _order:
        _order.append(ruleset.id)
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
    if not any(ruleset_id in part.rulesets for part in _pending.values()) and ruleset_id in _order:
        _order.remove(ruleset_id)
    _parts.pop(ruleset_id, None)
    _plays.pop(ruleset_id, None)
    _slices.pop(ruleset_id, None)
    _upgrades.pop(ruleset_id, None)
    if ruleset.sheet is not None:
        _sheets.pop(str(ruleset.sheet.model_fields["kind"].default), None)
    _cache.clear()


def register_slice(slice_id: str, model: type[SliceBase], view: SliceView | None = None) -> None:
    """Let ``State.slices[slice_id]`` hold a ``model`` (``view``: what a seat sees of it)."""
    _slices[slice_id] = SliceEntry(model, view)


def unregister_slice(slice_id: str) -> None:
    _slices.pop(slice_id, None)


def register_part(owner: str, commands: tuple[type[CommandBase], ...], events: tuple[type[EventBase], ...]) -> None:
    """Add commands and events that belong to no ruleset (the table, the battle board)."""
    if owner not in _parts:
        _refuse_clashes(owner, commands, events)
    _parts[owner] = Part(tuple(commands), tuple(events))
    _plays.pop(owner, None)  # registered now, whole: nothing left to import later
    _cache.clear()


def register_part_later(owner: str, play: PlayLoader) -> None:
    """Add an owner's commands and events on first need (``play`` imports them): the
    table's and the battle board's, which a session's first paint does without."""
    if owner not in _parts:
        _parts[owner] = Part()
        _plays[owner] = play
        _cache.clear()


def load_commands() -> None:
    """Import now the commands and events registered to come on first need (a loader
    thread does it while the last board's picture shows, so the live board's first
    drop and the docks do not wait for them)."""
    _ensure_loaded()
    _ensure_played()


def _refuse_clashes(owner: str, commands: tuple[type[Any], ...], events: tuple[type[Any], ...]) -> None:
    """A type another owner already registered is refused (the unions would be ambiguous)."""
    others = [part for name, part in _parts.items() if name != owner]
    known_commands = {_type_of(c) for p in others for c in p.commands}
    known_events = {_type_of(e) for p in others for e in p.events}
    taken = ({_type_of(c) for c in commands} & known_commands) | ({_type_of(e) for e in events} & known_events)
    if taken:
        raise EngineError("These command or event types are already taken: {types}.", types=", ".join(sorted(taken)))


def _ensure_played() -> None:
    """Import the deferred commands and events of every registered owner (``Ruleset.play``)."""
    while _plays:
        owner = next(iter(_plays))
        commands, events = _plays.pop(owner)()
        _refuse_clashes(owner, commands, events)
        part = _parts.get(owner, Part())
        _parts[owner] = Part(part.commands + tuple(commands), part.events + tuple(events))
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
    """The ruleset ids, registered or declared, in the order they were named
    (listing them loads none)."""
    _ensure_loaded()
    declared = {r for part in _pending.values() for r in part.rulesets}
    return tuple(r for r in _order if r in _rulesets or r in declared)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset ``ruleset_id`` (loaded now if only declared); an unknown id is a clear error."""
    ruleset = find(ruleset_id)
    if ruleset is None:
        raise EngineError("Unknown ruleset '{ruleset}' (known: {known}).", ruleset=ruleset_id, known=", ".join(ids()))
    return ruleset


def dice_system(ruleset_id: str) -> str:
    """The BCDice game system of ``ruleset_id``: the declared name while the
    ruleset is not loaded (a dice-box roll needs no ruleset model), else the
    ruleset's own; an unknown id is the same error as :func:`get`'s."""
    _ensure_loaded()
    if ruleset_id not in _rulesets:
        for part in _pending.values():
            if ruleset_id in part.rulesets and part.dice_system:
                return part.dice_system
    return get(ruleset_id).dice_system


def find(ruleset_id: str) -> Ruleset | None:
    _ensure_loaded()
    if ruleset_id not in _rulesets:
        _load_declared(lambda part: ruleset_id in part.rulesets)
    return _rulesets.get(ruleset_id)


def flow(ruleset_id: str) -> Flow | None:
    """The step table of ``ruleset_id`` (None for a ruleset without a procedure)."""
    load = get(ruleset_id).flow
    return load() if load is not None else None


def options_for(ruleset_id: str, data: Mapping[str, object] | None) -> OptionsBase:
    """Validate a GM's option overrides for ``ruleset_id``."""
    from pydantic import ValidationError

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
    if slice_id not in _slices and not _load_declared(lambda part: slice_id in part.slices):
        load_all()
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
        kind = str(data["kind"])
        if kind not in _sheets and not _load_declared(lambda part: kind in part.sheets):
            load_all()
        model = _sheets.get(kind)
        if model is None:
            raise EngineError("Unknown character sheet kind '{kind}'.", kind=str(data["kind"]))
        return model.model_validate(data)
    return data


def upgrade_state(data: dict[str, Any]) -> dict[str, Any]:
    """A state dict written by an older schema, brought up to date by the rulesets' upgrades
    (every declared ruleset loads first: an old file may need any of them)."""
    load_all()
    for upgrades in list(_upgrades.values()):
        for upgrade in upgrades:
            data = upgrade(data)
    return data


# -- the unions ------------------------------------------------------------------
def command_types() -> tuple[type[CommandBase], ...]:
    """Every command type (declared parts load first)."""
    load_all()
    return _loaded_commands()


def event_types() -> tuple[type[EventBase], ...]:
    """Every event type (declared parts load first)."""
    load_all()
    return _loaded_events()


def _loaded_commands() -> tuple[type[CommandBase], ...]:
    _ensure_loaded()
    _ensure_played()
    return tuple(c for part in _parts.values() for c in part.commands)


def _loaded_events() -> tuple[type[EventBase], ...]:
    _ensure_loaded()
    _ensure_played()
    return tuple(e for part in _parts.values() for e in part.events)


def _adapter(
    key: str, types: tuple[type[Any], ...] | Callable[[], tuple[type[Any], ...]], many: bool = False
) -> TypeAdapter[Any]:
    """The union adapter kept under ``key``; ``types`` may be a function, asked only
    when the adapter is built (every command written reads its adapter back: the
    kept one must cost a lookup, not a walk over every registered type)."""
    adapter = _cache.get(key)
    if adapter is None:
        if callable(types):
            types = types()
        if not types:
            raise EngineError("No ruleset is registered.")
        from pydantic import Field, TypeAdapter

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


def _unknown_tags(exc: ValidationError) -> set[str]:
    return {str(e.get("ctx", {}).get("tag", "")) for e in exc.errors() if e["type"] == "union_tag_invalid"}


def _claiming(tags: set[str]) -> Callable[[Declared], bool]:
    return lambda part: bool(part.prefixes) and any(tag.startswith(part.prefixes) for tag in tags)


def _reading(read: Callable[[], _T]) -> _T:
    """``read()`` with the union loaded so far; a type it does not know loads the
    declared part whose prefix claims it (or every declared part), then it reads again."""
    from pydantic import ValidationError

    while True:
        try:
            return read()
        except ValidationError as exc:
            tags = _unknown_tags(exc)
            if not tags or not _pending:
                raise
            if not _load_declared(_claiming(tags)):
                load_all()


def _loaded_command_adapter() -> TypeAdapter[CommandBase]:
    return _adapter("loaded_commands", _loaded_commands)


def _loaded_events_adapter() -> TypeAdapter[list[EventBase]]:
    return _adapter("loaded_events", _loaded_events, many=True)


def command_from_json(text: str | bytes, strict: bool | None = None) -> CommandBase:
    """A stored command (its ruleset loads on first need); malformed text raises pydantic's error."""
    return _reading(lambda: _loaded_command_adapter().validate_json(text, strict=strict))


def events_from_json(text: str | bytes) -> list[EventBase]:
    """Stored events (their owners load on first need)."""
    return _reading(lambda: _loaded_events_adapter().validate_json(text))


def events_to_json(events: list[EventBase]) -> bytes:
    """Events as stored; only the loaded union is needed (each event's owner made it)."""
    return _loaded_events_adapter().dump_json(events)


def parse_command(data: Any) -> CommandBase:
    """A command from JSON-like data (its ruleset loads on first need); malformed data is a clear EngineError."""
    from pydantic import ValidationError

    try:
        if isinstance(data, (str, bytes)):
            return command_from_json(data)
        return _reading(lambda: _loaded_command_adapter().validate_python(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise EngineError(
            "Not a valid command ({where}: {problem}).", where=where or "-", problem=first.get("msg", "")
        ) from exc


def command_schema() -> dict[str, Any]:
    return command_adapter().json_schema()
