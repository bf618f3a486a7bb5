"""The meld checker's form: a read-only GET form (no CSRF token: it changes nothing, and its URL is a
link anyone can share), so every choice is a query parameter."""

from __future__ import annotations

from wtforms import RadioField, SelectField, StringField

from ..i18n import lazy_gettext as _l
from ..engine.variants import VARIANTS
from ..util import Form, choices

#: variants whose melds can be checked (free scoring has none), in the app's order
CHECKABLE = [v for v in VARIANTS.values() if v.uses_cards]
DEFAULT_VARIANT = "rumino"
MODES = (("meld", _l("One meld")), ("hand", _l("Whole hand")))
#: Russian Rummy's deck grows with the table: one 54-card pack per two players
RUSSIAN_PLAYERS = tuple(range(2, 9))
DEFAULT_RUSSIAN_PLAYERS = 4


class MeldCheckForm(Form):
    class Meta:
        csrf = False

    variant = SelectField(_l("Game"), choices=choices((v.key, v.name) for v in CHECKABLE), default=DEFAULT_VARIANT)
    mode = RadioField(_l("Check"), choices=choices(MODES), default="meld")
    deal = SelectField(_l("Deal (its contract)"), choices=choices(
        (n, _l("Deal %(number)s: %(contract)s", number=n, contract=text)) for n, text in (
            (1, _l("2 books")), (2, _l("1 straight")), (3, _l("2 books + 1 straight")), (4, _l("3 books")),
            (5, _l("2 straights + 1 book")))), default="1")
    players = SelectField(_l("Players (sets the packs)"), choices=choices(
        (n, _l("%(count)s players: %(packs)s packs", count=n, packs=(n + 1) // 2) if n > 2
         else _l("%(count)s players: 1 pack", count=n)) for n in RUSSIAN_PLAYERS),
        default=str(DEFAULT_RUSSIAN_PLAYERS))
    upcard = StringField(_l("Upcard (sets the knock limit)"),
                         render_kw={"autocomplete": "off", "autocapitalize": "characters", "placeholder": _l("e.g. 7D"),
                                    "spellcheck": "false", "class": "input upcard"})

    def chosen(self, field_name: str, fallback: str) -> str:
        """A select's or radio's value, or ``fallback`` when the link carried something unknown: a
        checker page never refuses to open over a bad parameter."""
        field = getattr(self, field_name)
        allowed = {c.value for c in field.choices}
        return field.data if field.data in allowed else fallback
