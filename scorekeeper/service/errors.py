"""What the service refuses or cannot find, in its own terms: the web says a ``Refusal`` beside the
field it concerns and turns ``NotFound`` into its 404 page. Neither is an HTTP error, so the service
stays usable from a script (``flask import``) or a test without a request."""

from __future__ import annotations

from ..engine.errors import Refusal


class NotFound(LookupError):
    """No table, match, entry, player or house rules behind this link or id (a mistyped or guessed
    link, or a row that was removed)."""


__all__ = ["NotFound", "Refusal"]
