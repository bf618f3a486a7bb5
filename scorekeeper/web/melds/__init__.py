"""The meld checker: is this a meld in this game, and what is this whole hand worth.

Registering the blueprint also makes the card picker's helpers template globals (``scorekeeper.web.picker``),
so the ``card_picker`` macro works on every page of the app.
"""

from .. import picker
from .routes import bp

bp.record_once(lambda state: picker.init_app(state.app))

__all__ = ["bp"]
