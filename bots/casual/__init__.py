"""`casual-v1`: the easy level, `heuristic-v1` with a beginner's blind spots."""
