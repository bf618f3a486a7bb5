"""History: a table's past matches, a match's page (grid, explanations, audit trail, chart), player
stats and head-to-head, and export / import of match and table documents."""

from .routes import bp

__all__ = ["bp"]
