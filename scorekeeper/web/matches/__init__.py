"""Matches: starting one (variant, seats, first dealer, house rules, stake), the scoreboard, undo
and ending a match. The service module beside it owns loading, replaying and saving."""

from .routes import bp

__all__ = ["bp"]
