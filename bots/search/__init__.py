"""`search-v1`: samples the hidden cards from what the seat knows and plays every choice out.

`evaluate` is the reusable part (hints and reviews ask it what each legal action is worth);
`SearchBot` decides with it.
"""
