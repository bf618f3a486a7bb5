"""Forms for tables and their rosters."""

from __future__ import annotations

from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..util import Form


def _strip(value: str | None) -> str | None:
    return " ".join(value.split()) if isinstance(value, str) else value


class TableForm(Form):
    name = StringField("Table name", filters=[_strip],
                       validators=[DataRequired("Give the table a name."), Length(max=100)],
                       render_kw={"placeholder": "Thursday night", "autocomplete": "off"})


class PlayerForm(Form):
    name = StringField("Player name", filters=[_strip],
                       validators=[DataRequired("Type the player's name."),
                                   Length(max=40, message="Keep a name under 40 letters.")],
                       render_kw={"autocomplete": "off"})
