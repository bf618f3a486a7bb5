"""The app's answers when a request cannot be done: too large, too many, not found, a form out of
date, a fault (500), and what the service refuses or finds changed.

A route lets the service's ``StaleMatchError``, ``LaterEntryError`` and any other ``Refusal`` go: on
a match's page (a URL naming a table's match) the answer is that match's scoreboard with the words at
the top, 409 for a sheet another phone changed first and 422 for a refusal; anywhere else it is the
error page with the same words and status. Only a page that draws a form of its own again (a hand's
form, the roster's name box) catches the refusal itself, to say it beside its field.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask import Flask, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError

from ..engine import limits
from ..engine.errors import Refusal
from .. import service
from .extensions import db
from .i18n import refusal, speak
from .scoreboard import later_entry_message, render_scoreboard


def _match_of_request():
    """The match the refused request was made on, if its URL names one of a table."""
    args = request.view_args or {}
    if "token" not in args or "match_id" not in args:
        return None
    try:
        return service.match_of_table(args["token"], args["match_id"])
    except service.NotFound:
        return None


def _refused(message: str, status: int) -> Any:
    match = _match_of_request()
    if match is None:
        return render_template("shared/error.html", title=_("Nothing was saved"), message=message), status
    return render_scoreboard(match.table, match, message=message, status=status)


def register(app: Flask) -> None:
    """Register the app's error handlers."""

    @app.errorhandler(service.StaleMatchError)
    def match_changed(error: service.StaleMatchError) -> Any:
        return _refused(speak(error.message), 409)

    @app.errorhandler(service.LaterEntryError)
    def later_entry_in_the_way(error: service.LaterEntryError) -> Any:
        match = _match_of_request()
        if match is None:
            return _refused(speak(error.reason), 422)
        return render_scoreboard(match.table, match, message=later_entry_message(match, error), status=422)

    @app.errorhandler(Refusal)
    def refused(error: Refusal) -> Any:
        return _refused(refusal(error), 422)

    @app.errorhandler(413)
    def too_large(error: Exception) -> tuple[str, int]:
        return render_template("shared/error.html", title=_("That is too much to send"),
                               message=_("A file to import is at most %(megabytes)s MB, and a form far less. "
                                         "Nothing was saved.", megabytes=limits.UPLOAD_BYTES // 1024 // 1024)), 413

    @app.errorhandler(429)
    def too_many(error: Exception) -> tuple[str, int]:
        return render_template("shared/error.html", title=_("Too many tries"),
                               message=_("Wait a minute and try again.")), 429

    @app.errorhandler(404)
    @app.errorhandler(service.NotFound)  # the service's own "no such row": the same page, the same 404
    def not_found(error: Exception) -> tuple[str, int]:
        return render_template("shared/error.html", title=_("Not found"),
                               message=_("There is nothing here. Check the link you were given.")), 404

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError) -> tuple[str, int]:
        return render_template(
            "shared/error.html", title=_("This form is out of date"),
            message=_("The page was open too long or came from elsewhere. Go back, reload the page "
                      "and send it again: nothing was saved."),
        ), 400

    @app.errorhandler(500)
    def server_error(error: Exception) -> tuple[str, int]:
        try:
            db.session.rollback()
        except sa.exc.SQLAlchemyError:
            pass  # a connection that is gone has nothing to roll back; the page is drawn all the same
        return render_template("shared/error.html", title=_("Something went wrong"),
                               message=_("Nothing was saved. Try again.")), 500


__all__ = ["register"]
