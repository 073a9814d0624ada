"""A ruleset may hand in its commands and events as ``play``: they are imported the
first time a command is read, run or written, so a session opened from its snapshot
paints before any of them exists — and a type another owner holds is still refused
then, as it is at registration."""

from __future__ import annotations

import dataclasses

import pytest

from engine.errors import EngineError
from engine.rulesets import registry
from engine.session import new_session
from engine.table.commands import MoveCard
from engine.table.events import CardMoved
from tests.toy_ruleset import TOY, Count, Counted, Note, Noted, toy


def test_a_rulesets_play_is_imported_on_the_first_command_and_then_plays_as_before() -> None:
    calls: list[str] = []

    def play() -> tuple[tuple[type[Count], type[Note]], tuple[type[Counted], type[Noted]]]:
        calls.append("play")
        return (Count, Note), (Counted, Noted)

    lazy = dataclasses.replace(TOY, commands=(), events=(), play=play)
    with registry.registered(lazy):
        assert calls == []  # registered: its slice and options, none of its command models
        command = registry.parse_command({"type": "toy_count"})  # the first command read
        assert calls == ["play"] and isinstance(command, Count)
        session = new_session(ruleset="toy", seed=1, options={"goal": 2})
        session.dispatch({"type": "toy_count"})
        session.dispatch({"type": "toy_note", "secret": "x"})
        assert calls == ["play"]  # once
        assert toy(session.state).count == 1 and toy(session.state).secret == "x"


def test_a_play_that_brings_a_type_another_owner_holds_is_refused_when_it_comes() -> None:
    lazy = dataclasses.replace(TOY, commands=(), events=(), play=lambda: ((MoveCard,), (CardMoved,)))
    with registry.registered(lazy), pytest.raises(EngineError) as refused:
        registry.command_types()
    assert "move_card" in refused.value.text("en") and "already taken" in refused.value.text("en")
