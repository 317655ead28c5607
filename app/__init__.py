"""The web game: FastAPI pages over the engine and the bots, in packages by capability (the
README's code map says what each holds and may import)."""
