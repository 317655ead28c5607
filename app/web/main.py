"""The ASGI app for `uvicorn app.web.main:app`, configured from the environment."""

from app.web.factory import create_app

app = create_app()
