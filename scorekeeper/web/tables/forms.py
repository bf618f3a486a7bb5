"""Forms for tables and their rosters."""

from __future__ import annotations

from wtforms import SelectField, StringField, ValidationError
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length

from ..i18n import lazy_gettext as _l
from ...engine.limits import CURRENCY, PLAYER_NAME, TABLE_NAME
from ...service.models import fold_spaces, visible
from ..util import Form


def _shows_something(form: Form, field: StringField) -> None:
    """A name of only invisible characters (a zero-width joiner, a Hangul filler) reads as no name."""
    if field.data and not visible(field.data):
        raise ValidationError(_l("This name shows nothing: type letters or signs that can be seen."))


class TableForm(Form):
    name = StringField(_l("Table name"), filters=[fold_spaces],
                       validators=[DataRequired(_l("Give the table a name.")), _shows_something,
                                   Length(max=TABLE_NAME, message=_l("Keep the name under %(count)s letters.", count=TABLE_NAME))],
                       render_kw={"placeholder": _l("Thursday night"), "autocomplete": "off"})


class PlayerForm(Form):
    name = StringField(_l("Player name"), filters=[fold_spaces],
                       validators=[DataRequired(_l("Type the player's name.")), _shows_something,
                                   Length(max=PLAYER_NAME, message=_l("Keep a name under %(count)s letters.", count=PLAYER_NAME))],
                       render_kw={"autocomplete": "off"})


#: the currencies offered first; anything else is typed in the "other" box
CURRENCY_CHOICES = [SelectChoice(value, label) for value, label in [
    ("", _l("None (bare amounts)")), ("€", _l("€ euro")), ("$", _l("$ dollar")), ("£", _l("£ pound")),
    ("CHF", _l("CHF franc")), ("other", _l("Other…"))]]


def _other_currency(form: "CurrencyForm", field: StringField) -> None:
    if form.currency.data == "other" and not field.data:
        raise ValidationError(_l("Type the currency, like kr or zł."))


class CurrencyForm(Form):
    """The table's currency, set once and shown with every amount of money at the table."""
    currency = SelectField(_l("Currency"), choices=CURRENCY_CHOICES, default="")
    other = StringField(_l("Other currency"), filters=[fold_spaces],
                        validators=[_other_currency,
                                    Length(max=CURRENCY, message=_l("Keep the currency to %(count)s characters.", count=CURRENCY))],
                        description=_l("Used when Currency is Other: a symbol or a short code, up to %(count)s characters.", count=CURRENCY),
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
