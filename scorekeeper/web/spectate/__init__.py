"""The shared live sheet's read-only side: a match's spectator link (its own token), which shows the
standings and the grid and refreshes itself, and can change nothing."""

from .routes import bp

__all__ = ["bp"]
