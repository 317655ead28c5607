"""The daily game: ranked attempts and their deadlines, the board and its cache, par,
nicknames, the networks a ranked attempt comes from, and the fair-play checks (`fairplay`)."""
