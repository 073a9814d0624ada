"""The engine's front door: a session with every built-in ruleset registered.

:mod:`engine.core.session` is the ruleset-free machinery; importing this
module hands the built-in rulesets (:mod:`engine.rulesets.builtin`) to the
registry, which registers them on first need, so commands and stored files of
any of them can be read without loading every ruleset at start-up.
"""

from __future__ import annotations

from engine.core.session import Journal, Session
from engine.rulesets import builtin, registry

#: The built-in rulesets register on the engine's first question to the registry.
registry.add_loader(builtin.declare)


def new_session(
    ruleset: str | None = None,
    seed: int = 0,
    cols: int = 5,
    rows: int = 5,
    gate: str = "C5",
    options: dict[str, object] | None = None,
    journal: Journal | None = None,
    shuffle: bool = True,
) -> Session:
    """A started session of ``ruleset`` (default: the first registered, ``upland``
    among the built-ins): its NewSession command is the root that undo keeps; its
    deck (if its ruleset has one) is shuffled with the seeded dice unless ``shuffle`` is False."""
    from engine.table.commands import NewSession

    chosen = ruleset if ruleset is not None else registry.ids()[0]
    session = Session(journal=journal)
    session.dispatch(
        NewSession(
            ruleset=chosen,
            seed=seed,
            cols=cols,
            rows=rows,
            options=options or {},
            setup={"gate": gate},
            shuffle=shuffle,
        )
    )
    return session
