"""What runs around every request: the session kept for a year, text holding a NUL refused before any
view reads it, the live sheet's followers told of a change at once, and the headers every answer
carries (``SECURITY_HEADERS``, and ``Vary: HX-Request``)."""

from __future__ import annotations

from flask import Flask, Response, render_template, request, session
from flask_babel import gettext as _

from .spectate import live

#: Sent with every response. The policy allows nothing inline and no eval: htmx is configured for it
#: (no injected indicator styles, no eval), and the pages carry no inline scripts or styles.
#: strict-origin-when-cross-origin keeps the Referer that Flask-WTF's HTTPS same-origin check reads.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
                               "object-src 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def keep_session() -> None:
    # The CSRF token lives in the session; a permanent session outlasts a browser restart. Set once:
    # setting it again marks the session changed, and every answer (each spectator's poll among
    # them) would sign and send the cookie again
    if not session.permanent:
        session.permanent = True


def refuse_nul_bytes():
    # No text a person types holds a NUL character, and PostgreSQL cannot store one: refuse it
    # up front rather than fail in the database.
    values = list(request.args.values()) + (list(request.form.values()) if request.method == "POST" else [])
    if any("\x00" in v for v in values):
        return render_template("shared/error.html", title=_("That text cannot be saved"),
                               message=_("A box held an invisible control character (NUL). Retype it and "
                                         "send again: nothing was saved.")), 422
    return None


def init_app(app: Flask) -> None:
    app.before_request(keep_session)
    app.before_request(refuse_nul_bytes)

    @app.after_request
    def say_a_change_to_the_live_sheet(response: Response) -> Response:
        # a change made through this worker (a save, an edit, an undo, an import: each a POST) reaches
        # the followers streaming from it at once, not at the watch's next reading (spectate/live.py)
        if request.method == "POST" and response.status_code < 400:
            live.poke(app)
        return response

    @app.after_request
    def vary_on_htmx(response: Response) -> Response:
        # The same URL may serve a whole page or an htmx fragment: caches must keep them apart.
        response.vary.add("HX-Request")
        return response

    @app.after_request
    def security_headers(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if app.config["HTTPS"]:
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        return response
