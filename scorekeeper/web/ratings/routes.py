"""The ratings' one route: the new-match page's chances, drawn again as players are seated."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ...engine.errors import Refusal
from ...engine.variants import find_variant
from ... import service
from ..matches.forms import build_match_form
from . import views

bp = Blueprint("ratings", __name__)

bp.add_app_template_global(views.table_ratings, "table_ratings")
bp.add_app_template_global(views.seat_chances, "seat_chances")
bp.add_app_template_global(views.rating_moves, "rating_moves")


@bp.get("/t/<token>/matches/new/chances")
def chances(token: str):
    """What the chances box holds for the seats (and sides) in the query, as the new-match form names them."""
    table = service.find_table(token)
    try:
        variant = find_variant(request.args.get("variant", ""))
    except Refusal:
        variant = None
    form = None
    if variant is not None:
        # read, never validated or saved: the side fields only need to be there for a game with sides
        form = build_match_form(list(table.players), [], request.args, sides=variant.max_players)
    return render_template("ratings/partials/odds.html", table=table, variant=variant, form=form)
