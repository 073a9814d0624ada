"""The free table every ruleset shares: cards, piles, the board's squares, and
the commands and events that move them (a GM can always act by hand)."""
