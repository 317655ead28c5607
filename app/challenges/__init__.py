"""Challenges: a game's deals, rules and level offered by a link to friends, who play them
one by one and meet on the challenge's board (issue 29)."""
