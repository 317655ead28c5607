"""Fair play on the daily board: every finished ranked attempt is checked before it is ranked.

`checks` runs each check once, in the background (`bots.fairplay` does the analysis);
`standing` reads what the pages show of it (never a card); `decisions` is what an operator
does with a held attempt, and `report` what an operator reads, both from the command line
(`python -m app.daily.fairplay`).
"""
