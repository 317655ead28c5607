"""Persistence: the database engine and sessions, the tables, and rows claimed once for all
server processes. Imports nothing else of `app`."""
