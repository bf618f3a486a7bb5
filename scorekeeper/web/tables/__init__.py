"""Tables: creating one, its secret link and QR code, and its roster of players."""

from .routes import bp

__all__ = ["bp"]
