"""The web game: FastAPI, templates and persistence (comes with a later release)."""
