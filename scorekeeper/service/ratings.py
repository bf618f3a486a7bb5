"""Ratings: who is best at this table, per game, from the table's finished matches in the order they
finished; derived like totals, never stored.

A match's result is its places (a shared place is a tie); in a game scored by sides each side is a team
of its members, and the side is also rated as a partnership of its own. Abandoned matches, matches
that no longer replay, and finished matches that named no winner (free scoring without one) do not
count. The ratings are openskill's Plackett-Luce model with its default parameters (docs/ratings.md
says why); a rating is shown as one number, ``SCALE × (μ − 3σ)``: about what the player is at least
worth, 0 for a newcomer.

Everything is read from the matches' kept summaries (``summaries``), never from their hands, and kept
in this process under the table's version: the ids and versions of its finished matches, so a match
finished, edited, reopened or deleted rates the table afresh on its next view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.orm import defer

from ..engine import limits
from ..engine.i18n import Message, _, joined
from .memo import LatestMemo
from .models import Match, Table
from .store import session
from . import summaries

#: the model: Plackett-Luce ranks any number of teams of any size, with ties, at a cost linear in the
#: teams; its defaults (μ 25, σ 25/3, β 25/6, τ 25/300) are the ones its authors tuned
MODEL = PlackettLuce()

#: a shown rating is this many times the conservative estimate μ − 3σ (a newcomer's is 0); a point of
#: skill reads as 40, so a first win moves a rating by a couple of hundred and a settled one by tens
SCALE = 40

#: a rating resting on fewer matches than this is provisional (its σ is still large)
SETTLED = 5


@dataclass(frozen=True)
class Rating:
    """One player's (or partnership's) rating in one game: openskill's μ and σ, and the matches it rests on."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def shown(self) -> int:
        return round(SCALE * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        return self.matches < SETTLED


@dataclass(frozen=True)
class Result:
    """One counted match: its game, its teams (player ids; one each where nobody plays in sides) and
    each team's place (1 is first; equal places tie)."""

    match_id: int
    variant: str
    teams: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Move:
    """How one player's rating moved in one match, and what the result was against whom. Opponents
    are compared by their team's shown rating before the match against this player's team's:
    1 rated higher, 0 the same, -1 lower."""

    player: int
    before: Rating
    after: Rating
    #: the opponent team this player finished ahead of that was rated highest (None: beat nobody)
    beat: tuple[int, ...] | None
    beat_rated: int
    #: the opponent team ahead of this player that was rated lowest (None: nobody was ahead)
    behind: tuple[int, ...] | None
    behind_rated: int
    #: the opponent teams that shared this player's place
    tied: tuple[tuple[int, ...], ...]
    partners: tuple[int, ...]

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown

    @property
    def up_after_loss(self) -> bool:
        """The odd case: someone finished ahead and the estimate of skill (μ) fell, yet the shown
        rating rose, because one more match shrank its uncertainty (σ) by more."""
        return self.behind is not None and self.after.mu <= self.before.mu and self.delta > 0


@dataclass
class GameRatings:
    """One game's ratings at this table: each player's latest, the shown number after each of their
    matches (oldest first), and each partnership's (members sorted by id) where the game plays in sides."""

    variant: str
    players: dict[int, Rating] = field(default_factory=dict)
    history: dict[int, list[int]] = field(default_factory=dict)
    partnerships: dict[tuple[int, ...], Rating] = field(default_factory=dict)

    def ranked(self) -> list[tuple[int, Rating]]:
        """The players best first (settled ratings before provisional ones)."""
        return sorted(self.players.items(), key=lambda kv: (kv[1].provisional, -kv[1].shown, kv[0]))

    @property
    def best_partnership(self) -> tuple[tuple[int, ...], Rating] | None:
        if not self.partnerships:
            return None
        return max(self.partnerships.items(),
                   key=lambda kv: (not kv[1].provisional, kv[1].shown, kv[1].matches))


@dataclass
class TableRatings:
    """A table's ratings: per game (in the order first played), each counted match's moves, and how
    many finished matches were counted."""

    games: dict[str, GameRatings] = field(default_factory=dict)
    moves: dict[int, list[Move]] = field(default_factory=dict)
    counted: int = 0
    #: finished matches past ``limits.RATED_MATCHES`` (the oldest), left out
    left_out: int = 0


# -- the result of one match ------------------------------------------------------------------------------

def result_of(match_id: int, variant: str, seats: Sequence[int], stats: dict[str, Any] | None) -> Result | None:
    """What the ratings count of a finished match, from its kept summary's ``stats`` (None: it does
    not count: no summary, no hand played, no winner named, or a seat without a place)."""
    if not stats or not stats.get("winners") or not any(stats.get("hands") or ()):
        return None
    places = stats.get("places") or []
    if len(places) != len(seats) or any(p is None for p in places):
        return None
    sides = stats.get("sides") or [None] * len(seats)
    teams: dict[Any, list[int]] = {}
    team_place: dict[Any, int] = {}
    for i, pid in enumerate(seats):
        key = ("side", sides[i]) if sides[i] is not None else ("seat", i)
        teams.setdefault(key, []).append(pid)
        team_place[key] = min(team_place.get(key, places[i]), places[i])
    if len(teams) < 2:
        return None
    keys = list(teams)
    return Result(match_id, variant, tuple(tuple(teams[k]) for k in keys), tuple(team_place[k] for k in keys))


# -- rating a sequence of results ---------------------------------------------------------------------------

def _team_strength(team: Sequence[int], ratings: dict[int, Rating]) -> float:
    return sum(ratings[pid].shown for pid in team) / len(team)


def rate(results: Iterable[Result], after: TableRatings | None = None) -> TableRatings:
    """Rate ``results`` in order (pure: no database), carrying on from ``after`` (left as it is) if
    given. Each game's players start at the model's defaults; a team's place is its rank, so equal
    places are ties."""
    out = _copy(after) if after is not None else TableRatings()
    for result in results:
        rated_game = out.games.setdefault(result.variant, GameRatings(result.variant))
        before = {pid: rated_game.players.get(pid, Rating()) for team in result.teams for pid in team}
        teams = [[MODEL.create_rating([before[pid].mu, before[pid].sigma]) for pid in team] for team in result.teams]
        rated = MODEL.rate(teams, ranks=list(result.places))
        strengths = [_team_strength(team, before) for team in result.teams]
        moves = []
        for t, team in enumerate(result.teams):
            for k, pid in enumerate(team):
                after = Rating(rated[t][k].mu, rated[t][k].sigma, before[pid].matches + 1)
                rated_game.players[pid] = after
                rated_game.history.setdefault(pid, []).append(after.shown)
            moves.extend(_moves(result, t, strengths, before, rated_game))
        out.moves[result.match_id] = moves
        if any(len(team) > 1 for team in result.teams):
            _rate_partnerships(result, rated_game)
        out.counted += 1
    return out


def _copy(ratings: TableRatings) -> TableRatings:
    games = {key: GameRatings(key, dict(g.players), {pid: list(h) for pid, h in g.history.items()},
                              dict(g.partnerships)) for key, g in ratings.games.items()}
    return TableRatings(games, dict(ratings.moves), ratings.counted, ratings.left_out)


def _moves(result: Result, t: int, strengths: list[float], before: dict[int, Rating],
           rated_game: GameRatings) -> list[Move]:
    team, place, mine = result.teams[t], result.places[t], strengths[t]
    others = [(u, result.teams[u], result.places[u]) for u in range(len(result.teams)) if u != t]
    beaten = [(strengths[u], o) for u, o, p in others if p > place]
    ahead = [(strengths[u], o) for u, o, p in others if p < place]
    beat = max(beaten, key=lambda x: x[0]) if beaten else None
    behind = min(ahead, key=lambda x: x[0]) if ahead else None
    tied = tuple(o for _, o, p in others if p == place)
    return [Move(pid, before[pid], rated_game.players[pid],
                 beat[1] if beat else None, _compared(beat, mine),
                 behind[1] if behind else None, _compared(behind, mine),
                 tied, tuple(m for m in team if m != pid))
            for pid in team]


def _compared(other: tuple[float, Any] | None, mine: float) -> int:
    if other is None or round(other[0]) == round(mine):
        return 0
    return 1 if other[0] > mine else -1


def _rate_partnerships(result: Result, rated_game: GameRatings) -> None:
    # each side rated as one player of its own, against the other sides
    keys = [tuple(sorted(team)) for team in result.teams]
    before = [rated_game.partnerships.get(key, Rating()) for key in keys]
    rated = MODEL.rate([[MODEL.create_rating([r.mu, r.sigma])] for r in before], ranks=list(result.places))
    for key, old, new in zip(keys, before, rated):
        if len(key) > 1:
            rated_game.partnerships[key] = Rating(new[0].mu, new[0].sigma, old.matches + 1)


def chances(rated_game: GameRatings | None, teams: Sequence[Sequence[int]]) -> list[float] | None:
    """Each team's chance to win by ``rated_game``'s ratings, or None unless every player has one (and
    there are two teams at least)."""
    if rated_game is None or len(teams) < 2 or any(pid not in rated_game.players for team in teams for pid in team):
        return None
    return MODEL.predict_win([[MODEL.create_rating([rated_game.players[pid].mu, rated_game.players[pid].sigma])
                               for pid in team] for team in teams])


# -- what a move says ---------------------------------------------------------------------------------------

def _names_of(team: Sequence[int], names: dict[int, str]) -> str:
    return " & ".join(names.get(pid, "?") for pid in team)


def move_words(move: Move, names: dict[int, str]) -> Message:
    """Why ``move`` went the way it did, in words: whom the player beat or finished behind and how they
    were rated, and a rise after a loss said for what it is."""
    said = []
    if move.before.matches == 0:
        said.append(_("first rated match of this game"))
    if move.partners:
        said.append(_("with {partners}", partners=_names_of(move.partners, names)))
    if move.beat is not None:
        who = _names_of(move.beat, names)
        said.append({1: _("beat {names}, rated higher", names=who), 0: _("beat {names}, rated the same", names=who),
                     -1: _("beat {names}, rated lower", names=who)}[move.beat_rated])
    for team in move.tied:
        said.append(_("tied with {names}", names=_names_of(team, names)))
    if move.behind is not None:
        who = _names_of(move.behind, names)
        said.append({1: _("behind {names}, rated higher", names=who), 0: _("behind {names}, rated the same", names=who),
                     -1: _("behind {names}, rated lower", names=who)}[move.behind_rated])
    if move.up_after_loss:
        said.append(_("up after a loss: one more match made the rating surer, which counts for more than the loss"))
    return joined("; ", said)


# -- the table's ratings, kept per table version ----------------------------------------------------------

def _size(value: TableRatings) -> int:
    return max(1, value.counted)


#: each table's latest ratings, by the table's version (the last kept stays: versions of a table are
#: not ordered, a reopened match leaves it), at most ``limits.RATINGS_MEMO_MATCHES`` matches' worth
_memo: LatestMemo[TableRatings] = LatestMemo(budget=limits.RATINGS_MEMO_MATCHES, size=_size,
                                             version=lambda key: 0, keep_one=True)


def table_version(table_id: int) -> tuple[tuple[int, int], ...]:
    """The table's version as far as its ratings go: each finished match's id and version, in the order
    they finished (the latest ``limits.RATED_MATCHES``)."""
    rows = session().execute(
        sa.select(Match.id, Match.version).where(Match.table_id == table_id, Match.status == "finished")
        .order_by(Match.finished_at, Match.id)).all()
    return tuple((row.id, row.version) for row in rows)


def _fresh(row: Any) -> bool:
    # as ``summaries`` trusts a kept summary: made from this version, in this shape
    return (row.summary is not None and row.summary_version == row.version
            and row.summary.get("format") == summaries.SUMMARY_FORMAT)


def for_table(table: Table) -> TableRatings:
    """The table's ratings, made from its finished matches' summaries unless kept for its version
    (kept under the table's secret token, which no other table, in any database, shares)."""
    version = table_version(table.id)
    found = _memo.find(table.token, version)
    if found is not None:
        return found
    counted = version[-limits.RATED_MATCHES:]
    earlier = _memo.latest(table.token)
    if earlier is not None and len(version) <= limits.RATED_MATCHES and version[:len(earlier[0])] == earlier[0]:
        # matches finished since the kept ratings, and nothing before them changed: carry those on
        start, new = earlier[1], version[len(earlier[0]):]
    else:
        start, new = None, counted
    value = rate(_results(new), start)
    value.left_out = len(version) - len(counted)
    _memo.keep(table.token, version, value)
    return value


def _results(counted: Sequence[tuple[int, int]]) -> list[Result]:
    """The results of these matches (ids and versions, in the order they finished), from their kept
    summaries, each made again where it is stale."""
    # the kept summaries by their columns alone; a match whose summary is stale is summed up again
    rows = {row.id: row for row in session().execute(
        sa.select(Match.id, Match.variant, Match.seats, Match.version, Match.summary_version, Match.summary)
        .where(Match.id.in_([i for i, _ in counted])))}
    stale = [i for i in rows if not _fresh(rows[i])]
    made: dict[int, Any] = {}
    if stale:
        matches = list(session().scalars(sa.select(Match).where(Match.id.in_(stale)).options(defer(Match.actions))))
        made = {m.id: s for m, s in zip(matches, summaries.summaries(matches))}
    results = []
    for i, _ in counted:
        row = rows.get(i)
        if row is None:
            continue
        summary = made[i] if i in made else row.summary
        result = result_of(i, row.variant, row.seats, (summary or {}).get("stats"))
        if result is not None:
            results.append(result)
    return results


def cache_clear() -> None:
    _memo.cache_clear()


__all__ = ["GameRatings", "MODEL", "Move", "Rating", "Result", "SCALE", "SETTLED", "TableRatings", "chances",
           "for_table", "move_words", "rate", "result_of", "table_version"]
