"""The GM window's rooms: the ruleset's docks and menu entries, the players'
window host, the battle page, the file actions and the layout memory — each
its own module, so ``app.mainwindow`` only puts them together."""
