"""Ratings on the pages: each game's ratings on the stats page, the seated players' chances on the
new-match page, and how a finished match moved each rating (the service rates; these draw)."""

from .routes import bp

__all__ = ["bp"]
