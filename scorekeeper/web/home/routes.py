"""Home: "your tables" (remembered in this browser's session cookie, so it works without JavaScript),
forgetting one, and the list's upkeep."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for

from ...service.tables import active_match_counts
from ..util import ButtonForm
from .remembered import remembered_tables

bp = Blueprint("home", __name__)

@bp.get("/")
def index():
    tables = remembered_tables()
    active = active_match_counts(tables)
    return render_template("home/index.html", tables=tables, active=active, forget_form=ButtonForm())


@bp.post("/forget")
def forget():
    form = ButtonForm()
    if form.validate_on_submit():
        token = request.form.get("token", "")
        session["tables"] = [t for t in session.get("tables", []) if t != token]
    return redirect(url_for("home.index"))
