"""The web app assembled: the factory and the ASGI entry point, the routes and their
dependencies, error pages, security headers, static files, and what the daily deals keep
secret from a page."""
