"""The players' own devices at the table: each seat's page, served on the local network.

A player opens a link (or scans its QR code) on a phone; the page shows what
that seat may see — the public board, the banner, the public roll feed, and the
seat's own hand and sheet — and follows the game live.  Every byte a seat
receives is drawn from ``player_view(state, seat)`` and the seat's public rolls
(:mod:`engine.core.seats`): the page itself is a static file with no state in it.

- :mod:`engine.serve.links` — one secret link per seat, renewable;
- :mod:`engine.serve.seat_data` — what one seat is sent (its view, banner and feed);
- :mod:`engine.serve.hub` — takes each new state from the GM's side without making
  it wait, and fans the seats' updates out to the open pages, dropping slow ones;
- :mod:`engine.serve.server` — the HTTP server (the standard library's, on threads),
  bounded in requests, connections and rate;
- :mod:`engine.serve.follow` — follows a session file another program writes;
- :mod:`engine.serve.service` — all of it turned on and off as one.
"""
