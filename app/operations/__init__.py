"""Running the server: settings, the secret, rate limits, migrations and the serve command,
the worker pools the bots think in, and the ASGI plumbing that knows no game (middleware base,
compression, HEAD, server timing)."""
