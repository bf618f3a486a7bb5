"""Forms for tables and their rosters."""

from __future__ import annotations

from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..engine.limits import PLAYER_NAME, TABLE_NAME

from ..util import Form


def _strip(value: str | None) -> str | None:
    return " ".join(value.split()) if isinstance(value, str) else value


class TableForm(Form):
    name = StringField("Table name", filters=[_strip],
                       validators=[DataRequired("Give the table a name."),
                                   Length(max=TABLE_NAME, message=f"Keep the name under {TABLE_NAME} letters.")],
                       render_kw={"placeholder": "Thursday night", "autocomplete": "off"})


class PlayerForm(Form):
    name = StringField("Player name", filters=[_strip],
                       validators=[DataRequired("Type the player's name."),
                                   Length(max=PLAYER_NAME, message=f"Keep a name under {PLAYER_NAME} letters.")],
                       render_kw={"autocomplete": "off"})
