"""Every bound on what a visitor may send, in one place: cards in a hand, points in a hand, entries in
a match, players on a roster, the stake, names, keys, uploads and JSON nesting.

Anyone with a link can type into the app, so no request may do work in proportion to something a
visitor controls without a bound (an arrangement search grows steeply with the cards it is given; a
replay with the entries of a match). The forms, the card picker's live value, the meld checker, the
replay and the imports all read their bounds from here, so that one number never has two copies and a
refusal can say what the bound is. Each bound is far above anything a real table does, and each says
why it is where it is.

Bounds that follow from a game's rules ask the variant (how many cards it deals, what a card can
count); the others are plain numbers. Nothing here imports the web.

>>> from scorekeeper.engine.variants import find_variant
>>> gin = find_variant("gin")
>>> hand_cards_limit(gin, 2), hand_cards_limit(gin, 4), hand_cards_limit(find_variant("ramino"))
(11, 8, 14)
>>> hand_points_limit(gin, gin.rules(2))
110
>>> json_depth({"entries": [{"held": {"Ann": {"points": 3}}}]})
5
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from .errors import Refusal
from .i18n import _

#: a player holds what they were dealt plus the one card drawn in their turn; nobody in a rummy game
#: ever holds more (each turn is one draw and one discard; laid melds came from those same cards)
DRAW = 1

#: entries (hands, void hands, rebuys) in one match: a long evening is under 100 hands; a replay of
#: 2,000 entries takes well under a second, so no page of a match can take longer than that
MATCH_ENTRIES = 2000

#: players on one table's roster: a family or a club night is a few dozen people, and every roster
#: page and new-match page draws each of them
ROSTER_PLAYERS = 100

#: letters in a player's name and in a table's name (the database columns hold these)
PLAYER_NAME = 40
#: the longest name of a side (docs/match-format.md, "teams")
SIDE_NAME = 20
TABLE_NAME = 100

#: characters of a link's secret in a URL: the app makes 32 (``secrets.token_urlsafe(24)``); the column
#: holds 64, so a longer one, or one with a character outside URL-safe base64, is no link of ours
TOKEN_CHARS = 64

#: characters of a form's idempotency key (the forms send 22; the database column holds 64)
FORM_KEY = 64

#: a database id (a match, an entry, a player, house rules) in a URL or a form: PostgreSQL's INTEGER
#: is 32-bit signed, so a larger number is no row of ours and is refused before it reaches a query
#: (on PostgreSQL it was a DataError, on SQLite past 2**63 an OverflowError: both a 500)
ID_MAX = 2**31 - 1

#: the stake per player, in the table's money: above any card night, and "1000000.00" fits the column
STAKE_MAX = Decimal("1000000")
STAKE_TEXT = 20

#: characters of the table's currency: a symbol or a short code ("€", "CHF", "kr"); the column holds 8
CURRENCY = 8

#: typed points: nothing a hand can give reaches a million in any game, so a number past this is
#: refused before the engine does any arithmetic with it (no digit-long integers anywhere)
POINTS_CEILING = 1_000_000

#: free scoring has no cards to bound a hand, so each match has a limit (a house rule) on what one
#: player may score in one hand, either way; this is its default and the largest it may be set to
FREE_HAND_POINTS = 10_000
FREE_HAND_POINTS_MAX = POINTS_CEILING

#: an uploaded document (a whole table's history of a few hundred matches is well under 1 MB)
UPLOAD_BYTES = 2 * 1024 * 1024

#: nesting of an imported JSON document: a table document is 6 levels deep (table, matches, match,
#: entries, entry, held, player); anything much deeper is not a Scorekeeper document
JSON_DEPTH = 12

#: digits of one number in an imported document: every number a match holds is refused past
#: POINTS_CEILING (7 digits) or is an id or a timestamp, so a longer one is no Scorekeeper export; the
#: file is refused as it is read, in words (past 4,300 digits Python's own reader fails outright)
NUMBER_DIGITS = 30

#: entries in one import, summed over its matches: the replay that checks them is the import's cost
IMPORT_ENTRIES = 20_000

#: the most players any game seats (Russian, Rummy 500, Hand and Foot: 8)
MOST_PLAYERS = 8

#: hands typed as cards (one player's cards in one entry) in one import, summed over its matches: each
#: is arranged or grouped to be counted, about 1 ms of CPU at 13 cards (Pool Rummy, Ramino) and more
#: with many jokers, so this, not the entries, is what an import costs. The largest match the app holds
#: is MATCH_ENTRIES entries of the game with the most players, every hand typed as cards: 2,000 x 8 =
#: 16,000, so any match exported from the app comes back in one file; past it a document is refused
#: before anything is arranged (a 2 MB document of 5,941 Pool hands of five players, 29,705 hands as
#: cards, took 30.6 s of CPU to check and was refused at its end). Imports are also rate-limited.
IMPORT_CARD_HANDS = MATCH_ENTRIES * MOST_PLAYERS

#: entries the scoreboard's hand-by-hand grid shows (the latest; the match page shows every one), so
#: the page drawn after each save does not grow with the match
SCOREBOARD_ROWS = 50

#: a match's replay is kept in the database as a checkpoint every this many entries, at least
#: SCOREBOARD_ROWS entries before its end: a save (in any worker) replays the entries after it, between
#: SCOREBOARD_ROWS and SCOREBOARD_ROWS + CHECKPOINT_EVERY of them whatever the match's length, and so
#: holds the results of every row the scoreboard drawn after it shows
CHECKPOINT_EVERY = 50

#: matches a table's page lists in progress and finished (the latest; the history page pages through
#: them all), so that the page a table opens on is drawn from a bounded number of kept summaries
TABLE_PAGE_MATCHES = 20

#: finished matches the table page's head-to-head counts wins over (the latest)
HEAD_TO_HEAD_MATCHES = 100

#: matches the stats page counts (the latest; the page says so): each is read as its kept summary,
#: replayed only when its version moved, so a page never reads more than this many. A summary costs
#: about half a millisecond to read and count, so at 50 the page of a table with hundreds of matches
#: stays within 3x of a table of 10; 50 matches is a year of weekly card nights
STATS_MATCHES = 50

#: finished matches a table's ratings are made from (the latest; the stats page says when more were
#: left out): each is read as its kept summary, once per table version (service/ratings.py)
RATED_MATCHES = 2000

#: finished matches' worth of ratings a process keeps, over all tables (the latest ratings of each)
RATINGS_MEMO_MATCHES = 20000

#: matches whose summaries a page makes again (their versions moved) per read of their entries: a
#: page made after an import reads this many matches' entries at a time, and lets go of them after
SUMMARY_BATCH = 20

#: matches an export of a whole table reads from the database at a time: the document is written out
#: match by match as it is sent, so a worker holds one batch whatever the table's size
EXPORT_BATCH = 20

#: entries the replays a worker remembers may hold in all (the latest replay of each match, so that a
#: save plays one hand): about 8 kB each at 6 players (the hands' explanations, as sentences, most of it;
#: benchmarks/bench_soak_memory.py --trace), so up to about 160 MB a worker, whatever the matches' lengths
REPLAY_MEMO_ENTRIES = 20_000

#: characters of drawn spectator sheets a worker keeps (the latest sheet of each match in each language,
#: so that the followers of a match who poll after a hand have it drawn once per worker, not once each):
#: a sheet of the last SCOREBOARD_ROWS entries is about 20 kB, so about a hundred matches' sheets
SHEET_MEMO_CHARS = 2_000_000

#: bytes of share pictures (the result's PNG) a worker keeps, the latest of each match in each language:
#: one costs 0.1-0.4 s of CPU to draw and is 30-140 kB (2 players; 12 with 40-letter names), so a few
#: dozen to a hundred pictures; a repeat from the memo, or a 304 for a phone that has it, costs no drawing
PICTURE_MEMO_BYTES = 6_000_000

#: tables the card solver keeps, of every kind, in one least-recently-used cache (each rule configuration
#: has its own; house rules are a visitor's choice, so without a bound every new combination would stay in
#: the worker for good). One entry costs up to about 7 MB (the fast path's tables of one deck's suits), a
#: suit table about 2.5 MB, a rank table well under 1 MB. This is the bound until a server has warmed the
#: installed games' standard tables (``variants.warm_solvers``), which then sizes the cache from the games
#: installed: the tables their standard rules need at every table size, plus ``SOLVER_TABLES_SPARE``. The
#: built-in games alone need 18, so their bound stays 24, roughly 100 MB whatever rules visitors choose. A
#: table pushed out is built again when its rules come back (0.1-0.5 s, once).
SOLVER_TABLES = 24
#: room beyond the standard tables: two matches with their own house rules at once (each needs three: the
#: fast tables and the general search's suit tables, for arranging and for the discard) before any
#: standard table is pushed out
SOLVER_TABLES_SPARE = 6
#: the most tables one game's standard rules may need at every table size (Russian Rummy, with a deck and
#: jokers that grow with the table, needs 7): ``scorekeeper.testing`` holds every game to it, so that no
#: game installed beside the others makes the cache grow by more
SOLVER_TABLES_PER_GAME = 8


class LimitError(Refusal):
    """Input past one of the bounds above; the message says which bound, in the table's words.

    ``field`` names the form field it belongs beside (as the engine's own errors do).
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def hand_cards_limit(variant: Any, n_players: int | None = None, rules: Any = None) -> int:
    """The most cards one player can hold in ``variant``: the largest deal, the card drawn, and the
    cards a variant's own rules add (Russian's claims).

    With a player count (and the match's rules) this is that match's deal; without, the largest deal
    the variant has for any player count or house rule (the meld checker asks that way).
    """
    return solver_cards_limit(variant, n_players, rules) + variant.extra_cards_held


def solver_cards_limit(variant: Any, n_players: int | None = None, rules: Any = None) -> int:
    """The most cards the arrangement search is asked to arrange for ``variant``: the deal plus the
    draw. Past it the search's cost grows steeply (seconds at 40 cards); a going-out game still counts
    a longer hand card by card, which costs nothing, but does not look for its melds."""
    if n_players is not None:
        dealt = variant.cards_dealt(n_players, rules if rules is not None else variant.rules(n_players))
        return (dealt or 0) + DRAW
    deals = []
    for n in range(variant.min_players, variant.max_players + 1):
        try:
            rules_n = variant.rules(n)
        except Refusal:
            continue  # a table this size plays only under other house rules (Rummikub's XP set)
        deals.append(variant.cards_dealt(n, rules_n))
    # a house rule may set the deal itself (Rummy's cards_dealt): take the largest it allows
    deals += [s.max for s in variant.switches() if s.name == "cards_dealt" and s.max is not None]
    return max((d or 0 for d in deals), default=0) + DRAW


def check_hand_cards(cards: Any, variant: Any, n_players: int | None = None, rules: Any = None,
                     who: str | None = None) -> None:
    """Refuse more cards than one hand of ``variant`` can hold (cheaply: before any search)."""
    limit = hand_cards_limit(variant, n_players, rules)
    n = len(cards)
    if n > limit:
        values = {"who": who, "count": n, "game": variant.name, "limit": limit}
        raise LimitError(_("{who} holds {count} cards: a hand of {game} has at most {limit}.", **values) if who
                         else _("That is {count} cards: a hand of {game} has at most {limit}.", **values),
                         field="cards")


def hand_points_limit(variant: Any, rules: Any) -> int:
    """The most points one player's hand can count in ``variant`` under ``rules``.

    Free scoring: the match's own limit (a house rule). Games with cards: every card the hand can hold
    at the highest value a card counts (the joker's only when the deck has jokers). The variants'
    own, tighter checks (Gin's 10 a card, Ramino's 13 at 25) still apply after this one.
    """
    if variant.cards_dealt(rules.n_players, rules) is None:
        return int(rules.get("points_limit") or FREE_HAND_POINTS)
    values = tuple(variant.values(rules))
    jokers = variant.jokers(rules.n_players, rules)
    highest = max(values[1:] + ((values[0],) if jokers else ()))
    return hand_cards_limit(variant, rules.n_players, rules) * highest


def check_entries(count: int) -> None:
    """Refuse a match longer than :data:`MATCH_ENTRIES`."""
    if count > MATCH_ENTRIES:
        raise LimitError(_("A match holds at most {limit:,} entries; this one would have {count:,}. Start a new match.",
                           limit=MATCH_ENTRIES, count=count), field="kind")


def json_depth(value: Any) -> int:
    """How deeply ``value`` nests (a scalar is 0, ``[]`` is 1), walked without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in item)
    return deepest


__all__ = [
    "CHECKPOINT_EVERY", "CURRENCY", "DRAW", "EXPORT_BATCH", "HEAD_TO_HEAD_MATCHES", "STATS_MATCHES",
    "SUMMARY_BATCH", "TABLE_PAGE_MATCHES", "FORM_KEY", "FREE_HAND_POINTS", "FREE_HAND_POINTS_MAX", "IMPORT_CARD_HANDS", "IMPORT_ENTRIES", "MOST_PLAYERS",
    "JSON_DEPTH", "LimitError", "NUMBER_DIGITS", "MATCH_ENTRIES", "PICTURE_MEMO_BYTES", "PLAYER_NAME", "POINTS_CEILING", "RATED_MATCHES", "RATINGS_MEMO_MATCHES", "REPLAY_MEMO_ENTRIES", "ROSTER_PLAYERS", "SCOREBOARD_ROWS", "SHEET_MEMO_CHARS", "SIDE_NAME",
    "SOLVER_TABLES", "SOLVER_TABLES_PER_GAME", "SOLVER_TABLES_SPARE",
    "STAKE_MAX", "STAKE_TEXT", "TABLE_NAME", "TOKEN_CHARS", "UPLOAD_BYTES", "check_entries", "check_hand_cards",
    "hand_cards_limit", "hand_points_limit", "json_depth", "solver_cards_limit",
]
