"""The search bots (`search-v1`, `search-v2`, `search-v3`): sample the hidden cards from what
the seat knows and play every choice out.

`evaluate` is the reusable part (hints and reviews ask it what each legal action is worth);
`SearchBot` decides with it. `search-v3` draws its worlds one way through
(`bots.search.beliefs`): the view's facts (`constraints`) → the evidence and its weights
(`evidence`, `moves`) → the worlds → the values (`evaluate`, `racing`); `verdict` weighs a
decision for a review without the upward lean of the best of noisy estimates.
"""
