"""Computer opponents: they see the game only through a seat's view."""
