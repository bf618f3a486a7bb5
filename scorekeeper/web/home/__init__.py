"""The home page: the tables this browser has opened, and the way in to everything else."""

from .routes import bp

__all__ = ["bp"]
