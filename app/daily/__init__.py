"""The daily game: ranked attempts, the day's secret and when it ends, the board (its rows,
cache and the week's and month's), par, nicknames, streaks and results to share, the
networks a ranked attempt comes from, and the fair-play checks (`fairplay`). The README's
code map names each module."""
