"""The site's languages: which one a request gets, its catalogs, and the game's words
(calls, contracts, seats, the engine's refusals) in the reader's language."""
