"""The phases of a hand, in the names `--trace` prints."""

from enum import StrEnum


class Phase(StrEnum):
    RESERVATIONS = "reservations"
    ARMUT_GIVE = "armut-give"
    ARMUT_RESPONSE = "armut-response"
    ARMUT_RETURN = "armut-return"
    PLAY = "play"
    DONE = "done"
    REDEAL = "redeal"
