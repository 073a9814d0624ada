"""Commands: what someone wants (DESIGN.md).

The package itself stays light — ``base`` plus lazy access to the union — so a
domain module (``engine.upland.command_types``) can import ``engine.commands.base``
without first loading every other domain.  ``Command``, ``COMMAND_ADAPTER``,
``parse_command`` and ``command_schema`` come from :mod:`engine.commands.union`
on first use.
"""

from __future__ import annotations

from typing import Any

from engine.commands.base import CommandBase, Context

_UNION_NAMES = frozenset({"ALL_COMMANDS", "Command", "COMMAND_ADAPTER", "parse_command", "command_schema"})


def __getattr__(name: str) -> Any:
    if name in _UNION_NAMES:
        from engine.commands import union

        return getattr(union, name)
    raise AttributeError(f"module 'engine.commands' has no attribute {name!r}")


__all__ = ["CommandBase", "Context", *sorted(_UNION_NAMES)]
