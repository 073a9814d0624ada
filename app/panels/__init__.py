"""The GM's docks around the board: characters, dice box, event log."""
