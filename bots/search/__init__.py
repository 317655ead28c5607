"""The search bots (`search-v1`, `search-v2`): sample the hidden cards from what the seat knows
and play every choice out.

`evaluate` is the reusable part (hints and reviews ask it what each legal action is worth);
`SearchBot` decides with it.
"""
