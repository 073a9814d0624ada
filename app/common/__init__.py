"""Parts every board scene shares (the card board today, the hex battle board next)."""
