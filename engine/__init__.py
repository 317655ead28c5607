"""Doppelkopf rules: cards, contracts, hands, scoring. Standard library only."""
