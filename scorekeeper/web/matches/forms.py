"""The new-match form: seats and first dealer from the table's roster, a stake, and the chosen
variant's house-rule switches generated from the engine's description of them."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, SelectField, StringField
from wtforms.validators import Optional, ValidationError

from ...engine.errors import Refusal
from ...engine.sides import default_sides, opposite_sides
from ..bidi import isolated
from ..i18n import lazy_gettext as _l
from ...service.models import Player
from ..i18n import whole
from ..util import Form
from .. import house_rules as words
from ..util import choices as make_choices

NOT_PLAYING = ""


def _stake(form: FlaskForm, field: Field) -> None:
    text = (field.data or "").strip().lstrip("$€£")
    if not text:
        field.data = None
        return
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValidationError(_("Type the stake as an amount, like 5 or 2.50.")) from None
    if not value.is_finite() or value < 0 or value > Decimal("1000000"):
        raise ValidationError(_("The stake must be between 0 and %(most)s.", most=whole(1000000)))
    if value != value.quantize(Decimal("0.01")):
        raise ValidationError(_("A stake has at most two decimals (cents)."))
    field.data = f"{value.quantize(Decimal('0.01'))}"


class _Base(Form):
    variant = HiddenField()
    preset_name = StringField(_l("Save these rules as"), render_kw={"placeholder": _l("Our game"), "autocomplete": "off",
                                                                 "maxlength": 40})
    first_dealer = SelectField(_l("Deals first"), coerce=str, validate_choice=False)
    stake = StringField(_l("Stake per player (optional)"), validators=[Optional(), _stake],
                        render_kw={"inputmode": "decimal", "placeholder": _l("none"), "autocomplete": "off"})


def _switch_field(switch: Any) -> Field:
    # Labels, choices and help in a player's words (words.py); the default said beside each.
    kw: dict[str, Any] = {"description": f"{words.help_text(switch)} {words.default_words(switch)}".strip()}
    label = words.label(switch)
    kind = switch.type
    if kind == "bool":
        return BooleanField(label, default=bool(switch.default), **kw)
    if kind == "enum" or switch.choices:
        # an enum, or a number that takes only a few values (``Switch.choices`` on an int): a choice
        choices = [(str(c), str(words.value_words(switch, c))) for c in switch.choices]
        if switch.default is None:  # a scheme that is off unless chosen (or set by the player count)
            choices.insert(0, ("", words.value_words(switch, None)))
        default = "" if switch.default is None else str(switch.default)
        return SelectField(label, choices=make_choices(choices), default=default, **kw)
    if kind in ("int_list", "pairs", "text_list"):
        # a list typed in one box: "50, 90, 120, 150", pairs as "0: 50, 2500: 90", texts as "set 3 + run 4, run 5"
        return StringField(label, default=list_text(switch, switch.default),
                           render_kw={"autocomplete": "off", "inputmode": "text", "spellcheck": "false"}, **kw)
    # int, or int_or_null: a text box so that blank can mean "none"
    default = "" if switch.default is None else str(switch.default)
    render = {"inputmode": "numeric", "autocomplete": "off"}
    if kind == "int_or_null":
        render["placeholder"] = words.value_words(switch, None)
    return StringField(label, default=default, render_kw=render, **kw)


def build_match_form(players: list[Player], switches: list[Any], formdata: Any = None,
                     data: dict[str, Any] | None = None, sides: int = 0) -> FlaskForm:
    """A form class made for this roster and this variant's switches, instantiated; with ``sides``, a
    game played in sides, each player's side too (blank: partners opposite, as the game plays them)."""

    class MatchForm(_Base):
        pass

    side_choices = [("", _("as seated"))] + [(str(i), _("side %(number)s", number=i)) for i in range(1, sides + 1)]
    for p in players if sides else ():
        setattr(MatchForm, f"side_{p.id}", SelectField(isolated(p.name), choices=make_choices(side_choices), default=""))

    seat_choices = [(NOT_PLAYING, _("not playing"))] + [(str(i), _("seat %(number)s", number=i)) for i in range(1, len(players) + 1)]
    for p in players:
        setattr(MatchForm, f"seat_{p.id}", SelectField(isolated(p.name), choices=make_choices(seat_choices), default=NOT_PLAYING))
    for s in switches:
        setattr(MatchForm, f"rule_{s.name}", _switch_field(s))
    form = MatchForm(formdata=formdata, data=data or {})
    form.first_dealer.choices = make_choices([("", _("the first seated"))] + [(str(p.id), isolated(p.name)) for p in players])
    form.sides = sides
    form.players = players
    return form


#: the most items a list typed in one box may hold (a bound before the engine's own checks)
LIST_MOST = 20


def list_text(switch: Any, value: Any) -> str:
    """A list rule as its box shows it: "50, 90, 120, 150"; pairs as "0: 50, 2500: 90"."""
    if not isinstance(value, (list, tuple)):
        return ""
    if switch.type == "pairs":
        return ", ".join(f"{a}: {b}" for a, b in value)
    return ", ".join(str(v) for v in value)


def _text_list(text: str) -> list[str] | None:
    """A list of texts typed in one box, separated by commas (None when the box is blank)."""
    items = [item.strip() for item in text.replace(";", ",").split(",") if item.strip()]
    if len(items) > LIST_MOST:
        raise Refusal(_("At most %(most)s items in this box.", most=LIST_MOST))
    return items or None


def _whole_number(text: str) -> int | None:
    """A whole number as typed in a list ("−5" too), or None: the digits are checked before ``int``."""
    text = text.strip().replace("−", "-")
    digits = text[1:] if text.startswith("-") else text
    if not digits or len(digits) > 7 or not (digits.isascii() and digits.isdigit()):
        return None
    return int(text)


def _list_value(switch: Any, text: str) -> list[Any]:
    """A list typed in one box as the engine takes it; a ``Refusal`` saying how to type it."""
    items = [item for item in text.replace(";", ",").split(",") if item.strip()]
    if switch.type == "pairs":
        example = _("Type each band as from: minimum, separated by commas, like 0: 50, 2500: 90.")
    else:
        example = _("Type whole numbers separated by commas, like 50, 90, 120, 150.")
    if not items:
        raise Refusal(example)
    if len(items) > LIST_MOST:
        raise Refusal(_("At most %(most)s items in this box.", most=LIST_MOST))
    if switch.type == "pairs":
        pairs = [[_whole_number(part) for part in item.split(":")] for item in items]
        if any(len(p) != 2 or None in p for p in pairs):
            raise Refusal(example)
        return pairs
    numbers = [_whole_number(item) for item in items]
    if None in numbers:
        raise Refusal(example)
    return numbers


def chosen_teams(form, variant, seat_ids: list[int]) -> list[Any] | None:
    """Who plays with whom, as the form says it: None for the game's own sides (nobody moved), else
    each side named by its members, in the seat order of its first member (``Match.teams``)."""
    if not form.sides or not variant.teams_allowed(len(seat_ids)):
        return None
    chosen = {pid: getattr(form, f"side_{pid}").data or "" for pid in seat_ids}
    opposite = opposite_sides(len(seat_ids))
    groups: dict[str, list[int]] = {}
    for i, pid in enumerate(seat_ids):
        # a player left "as seated" sits with the partners opposite, as the picker showed him
        groups.setdefault(chosen[pid] or str(opposite[i]), []).append(pid)
    ordered = sorted(groups.values(), key=lambda ids: seat_ids.index(ids[0]))
    game_default = [list(side.members) for side in default_sides([str(pid) for pid in seat_ids], variant.partnerships)]
    if [[str(pid) for pid in ids] for ids in ordered] == game_default:
        return None  # the game's own sides: the document needs no teams
    names = {p.id: p.name for p in form.players}
    return [[" & ".join(names[pid] for pid in ids), ids] for ids in ordered]


def rule_value(switch: Any, raw: Any) -> Any:
    """A switch's submitted value as the engine takes it; raises a ``Refusal`` with a message."""
    if switch.type == "text_list":
        return _text_list(raw or "")
    if switch.type in ("int_list", "pairs"):
        return _list_value(switch, raw or "")
    if switch.type == "bool":
        return bool(raw)
    if switch.type == "enum":
        return raw or None
    text = (raw or "").strip()
    if not text:
        if switch.type == "int_or_null":
            return None
        raise Refusal(_("Type a whole number."))
    try:
        return int(text)
    except ValueError:  # int() of text that is not a number
        raise Refusal(_("Type a whole number.")) from None
