"""The ASGI app for `uvicorn app.main:app`, configured from the environment."""

from app.factory import create_app

app = create_app()
