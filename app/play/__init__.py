"""The services the routes call: each takes what a route parsed, does the work in the
request's transaction and commits it, and returns what the page shows (routes never commit).
One module per kind of request: the table's clicks, games, the daily game, boards, hints,
hands and reviews, players' keys and challenges; the README's code map names each."""
