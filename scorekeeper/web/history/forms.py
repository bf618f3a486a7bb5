"""Forms for the history pages: the filters and the head-to-head pickers (plain GET forms, so a
filtered page has a URL of its own) and the import upload."""

from __future__ import annotations

from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, SelectField

from ..bidi import isolated
from ..i18n import lazy_gettext as _l, speak
from ...engine.variants import VARIANTS
from ..util import Form, choices

ANY = ""


class _GetForm(Form):
    """A filter form read from the query string: nothing changes, so no CSRF token."""

    class Meta:
        csrf = False


def _variant_choices():
    return choices([(ANY, _l("Any game"))] + [(v.key, speak(v.name)) for v in VARIANTS.values()])


def _player_choices(players, blank: str):
    return choices([(ANY, blank)] + [(p.id, isolated(p.name)) for p in players])


class HistoryFilterForm(_GetForm):
    variant = SelectField(_l("Game"), validate_choice=False)
    player = SelectField(_l("Player"), validate_choice=False)


class HeadToHeadForm(_GetForm):
    a = SelectField(_l("Player"), validate_choice=False)
    b = SelectField(_l("Against"), validate_choice=False)


class ImportForm(Form):
    document = FileField(_l("Match or table document (JSON)"),
                         validators=[FileRequired(_l("Choose a JSON file exported from Scorekeeper."))],
                         render_kw={"accept": "application/json,.json"})
    again = BooleanField(_l("Import again: a match already on this table gets a second copy"))


def history_filter_form(players, formdata) -> HistoryFilterForm:
    form = HistoryFilterForm(formdata=formdata)
    form.variant.choices = _variant_choices()
    form.player.choices = _player_choices(players, _l("Anyone"))
    return form


def head_to_head_form(players, formdata) -> HeadToHeadForm:
    form = HeadToHeadForm(formdata=formdata)
    form.a.choices = _player_choices(players, _l("Choose a player"))
    form.b.choices = _player_choices(players, _l("Choose a player"))
    return form
