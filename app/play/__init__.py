"""The services the routes call: each takes what a route parsed, does the work in the
request's transaction and commits it, and returns what the page shows (routes never commit).
The clicks at the table (`clicks`), and starting a game (`games`)."""
