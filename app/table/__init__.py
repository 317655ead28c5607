"""The game at the table: a game replayed from its record, what the table shows of it (view
models, call row, pace), the rules dialog and how to play, the levels, and the games kept in
the database and in each process."""
