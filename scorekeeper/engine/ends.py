"""How a hand can end, as the games declare it: each end's key (the ``end`` of a hand entry), its words
(the button, the middle of a sentence, what the stats count), and nothing else.

(A way the table itself ends the match, Free scoring's finish, is not an end of a hand: it is an entry
of the game's own, an ``engine.entry_fields.EntryKind`` that ``ends_match``.) A game lists the keys of its ends in ``Variant.ends``; the words of the shared ends live here once, and
a game with an end of its own declares an ``End`` in ``Variant.own_ends``. Pages ask the variant
(``variant.end("knock")``) and say what it answers; no page keeps a list of ends.

>>> knock = END_KINDS["knock"]
>>> knock.label, knock.word, knock.counted(2) is None
('Knock', 'knock', True)
>>> str(END_KINDS["gin"].counted(2)), END_KINDS["big_gin"].tally
('2 gins', 'gin')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .i18n import _, _n


@dataclass(frozen=True)
class End:
    """One way a hand can end.

    ``label`` is the button's word ("Knock"), ``word`` the same in the middle of a sentence ("how: knock
    → gin"). ``tally`` names the stats line the end counts toward (big gin counts as a gin), and
    ``count_words`` says that line for a number ("2 gins"); an end the stats do not count has neither.
    ``needs_by`` is False for an end nobody makes (the stock ran out): a hand ended so names nobody; None
    for one that names someone only when the game asks (Rummikub's pool running out names the winner of a
    tie for the lowest rack).
    """

    key: str
    label: str
    word: str
    tally: str | None = None
    count_words: Callable[[int], str] | None = None
    needs_by: bool | None = True

    def counted(self, n: int) -> str | None:
        """"2 gins": the stats line for ``n`` hands ended this way (None if the stats do not count it)."""
        return self.count_words(n) if self.count_words is not None else None


def _gins(n: int) -> str:
    return _n("{count} gin", "{count} gins", n, count=n)


#: the ends the built-in games share, by key
END_KINDS: dict[str, End] = {end.key: end for end in (
    End("knock", _("Knock"), _("knock")),
    End("gin", _("Gin"), _("gin"), "gin", _gins),
    End("big_gin", _("Big gin"), _("big gin"), "gin", _gins),
    End("rumino", _("Rumino"), _("rumino"), "rumino", lambda n: _n("{count} rumino", "{count} ruminos", n, count=n)),
    End("out", _("Out"), _("out")),
    End("out_in_one_turn", _("Out in one turn"), _("out in one turn"), "out_in_one_turn",
        lambda n: _n("{count} one-turn out", "{count} one-turn outs", n, count=n)),
    End("hunt", _("Hunt"), _("hunt"), "hunt", lambda n: _n("{count} hunt", "{count} hunts", n, count=n)),
    End("scores", _("Scores"), _("scores")),
    End("stock_exhausted", _("Stock ran out"), _("stock ran out"), "stock_exhausted",
        lambda n: _n("{count} hand to the end of the stock", "{count} hands to the end of the stock", n, count=n),
        needs_by=False),
)}


def unknown_end(key: str) -> End:
    """An end no game declares (an old document's): its key in words, counted by nothing."""
    words = key.replace("_", " ")
    return End(key, words.capitalize(), words)


__all__ = ["End", "END_KINDS", "unknown_end"]
