"""The meld checker's form: a read-only GET form (no CSRF token: it changes nothing, and its URL is a
link anyone can share), so every choice is a query parameter."""

from __future__ import annotations

from wtforms import RadioField, SelectField, StringField

from ..i18n import lazy_gettext as _l, speak
from ...engine.cards import RANK_LABELS
from ...engine.variants import VARIANTS, Variant
from ..util import Form, choices

MODES = (("meld", _l("One meld")), ("hand", _l("Whole hand")))
#: a game that checks melds laid together asks that instead of a whole hand (same parameter, ``hand``)
LAID_MODES = (("meld", _l("One meld")), ("hand", _l("Melds laid together")))


def checkable() -> list[Variant]:
    """The games whose melds can be checked (every game played with cards, and those whose hands are
    counted but whose melds are laid with cards), in the app's order: read from the registry each time,
    so a game installed later is offered too."""
    return [v for v in VARIANTS.values() if v.uses_cards or v.checks_laid_melds]


def default_variant() -> str:
    return checkable()[0].key


def default_players(variant: Variant) -> int:
    """The table size a checker assumes where the deck grows with the table: the usual four, within
    the game's range."""
    return min(max(4, variant.min_players), variant.max_players)


class MeldCheckForm(Form):
    """The checker's choices, drawn from what the chosen game declares: its contracts (a deal's select)
    and, where its deck grows with the table, the table sizes and their packs."""

    class Meta:
        csrf = False

    variant = SelectField(_l("Game"), default="")
    mode = RadioField(_l("Check"), choices=choices(MODES), default="meld")
    deal = SelectField(_l("Deal (its contract)"), default="1")
    players = SelectField(_l("Players (sets the packs)"), default="")
    #: a rank the game makes wild for one deal (its ``rank`` entry field), where it has one
    rank = SelectField(_l("Wild rank"), default="")
    #: what sets the first meld's minimum, where the game declares it (``first_meld_choices``)
    opening = SelectField(_l("First meld"), default="")
    upcard = StringField(_l("Upcard (sets the knock limit)"),
                         render_kw={"autocomplete": "off", "autocapitalize": "characters", "placeholder": _l("e.g. 7D"),
                                    "spellcheck": "false", "class": "input upcard"})

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.variant.choices = choices((v.key, speak(v.name)) for v in checkable())
        self.rank.choices = choices([("", _l("none"))] + [(RANK_LABELS[r], RANK_LABELS[r]) for r in range(1, 14)])

    def offer(self, variant: Variant) -> None:
        """Fill the deal and table-size choices from ``variant``'s declarations, and the rank the deal
        makes wild where its entry fields have one (the field's label is the game's)."""
        self.rank_field = next((f for f in variant.entry_fields().per_hand if f.kind == "rank"), None)
        self.first_meld, self.first_meld_usual = {}, ""
        if variant.checks_laid_melds:
            self.mode.choices = choices(LAID_MODES)
            label, options, self.first_meld_usual = variant.first_meld_choices()
            self.opening.label.text = speak(label)
            self.first_meld = {o.key: o.minimum for o in options}
            self.opening.choices = choices((o.key, speak(o.words)) for o in options)
        if self.rank_field is not None:
            self.rank.label.text = speak(self.rank_field.label)
        deals = variant.contract_deals or 0
        self.deal.choices = choices(
            (n, _l("Deal %(number)s: %(contract)s", number=n, contract=speak(variant.contract_words(n))))
            for n in range(1, deals + 1))
        self.players.choices = choices(
            (n, _l("%(count)s players: %(packs)s packs", count=n, packs=variant.decks(n)) if variant.decks(n) > 1
             else _l("%(count)s players: 1 pack", count=n))
            for n in range(variant.min_players, variant.max_players + 1))

    def chosen(self, field_name: str, fallback: str) -> str:
        """A select's or radio's value, or ``fallback`` when the link carried something unknown: a
        checker page never refuses to open over a bad parameter."""
        field = getattr(self, field_name)
        allowed = {c.value for c in field.choices}
        return field.data if field.data in allowed else fallback
