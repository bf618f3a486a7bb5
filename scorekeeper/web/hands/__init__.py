"""Hands: recording a hand (by points, or by the cards each player was caught holding), void hands,
a past hand's page with its audit trail, editing, deleting and restoring."""

from .routes import bp

__all__ = ["bp"]
