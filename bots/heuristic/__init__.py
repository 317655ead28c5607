"""`heuristic-v1`: club-player rules of thumb, each a small named function."""
