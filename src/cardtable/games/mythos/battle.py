"""The BATTLE phase (MY-9). This slice carries out only its frame in the round: attacks and the use step
(MY-9.2–MY-9.8) are not carried out yet, so Threat monsters wait face down; god ageing (MY-9.10) runs
at the end of every BATTLE phase (``rules.age_gods``)."""

from __future__ import annotations

from .state import MyState


def battle_steps(st: MyState) -> bool:
    """Push the frames of the use step and the attacks; False when there is nothing to push (this slice)."""
    return False
