"""Forms for tables and their rosters."""

from __future__ import annotations

from wtforms import SelectField, StringField, ValidationError
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length

from ..engine.limits import CURRENCY, PLAYER_NAME, TABLE_NAME

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


#: the currencies offered first; anything else is typed in the "other" box
CURRENCY_CHOICES = [SelectChoice(value, label) for value, label in [
    ("", "None (bare amounts)"), ("€", "€ euro"), ("$", "$ dollar"), ("£", "£ pound"), ("CHF", "CHF franc"),
    ("other", "Other…")]]


def _other_currency(form: "CurrencyForm", field: StringField) -> None:
    if form.currency.data == "other" and not field.data:
        raise ValidationError("Type the currency, like kr or zł.")


class CurrencyForm(Form):
    """The table's currency, set once and shown with every amount of money at the table."""
    currency = SelectField("Currency", choices=CURRENCY_CHOICES, default="")
    other = StringField("Other currency", filters=[_strip],
                        validators=[_other_currency,
                                    Length(max=CURRENCY, message=f"Keep the currency to {CURRENCY} characters.")],
                        description=f"Used when Currency is Other: a symbol or a short code, up to {CURRENCY} characters.",
                        render_kw={"autocomplete": "off", "maxlength": CURRENCY})

    def chosen(self) -> str | None:
        """The currency to store: a common choice, the typed one, or None for bare amounts."""
        value = self.other.data if self.currency.data == "other" else self.currency.data
        return value or None

    @classmethod
    def for_table(cls, currency: str | None) -> "CurrencyForm":
        """The form as the table has it now: a common choice selected, or Other with the typed one."""
        common = {c.value for c in CURRENCY_CHOICES if c.value != "other"}
        if (currency or "") in common:
            return cls(formdata=None, currency=currency or "")
        return cls(formdata=None, currency="other", other=currency)
