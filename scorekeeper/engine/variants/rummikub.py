"""Rummikub (docs/rules/rummikub.md): the tile game, zero-sum, scored game by game.

This module owns the Rummikub tile set (1–13 twice in four colours and two jokers; the XP set for up
to six players, typed as points), what a rack counts (face values, a joker's penalty, the flat charge
of a player who never melded), the game won by emptying the rack or by the lowest rack when the pool ran
out (the others paying only the difference), the three ways of keeping score, and the match by rounds,
to a target or open until the table finishes it.

>>> from scorekeeper.engine.variants import find_variant
>>> rk = find_variant("rummikub")
>>> rk.deck().count(rk.deck().parse("J 4b 4o"))
(38, '30 + 4 + 4')
>>> rk.rules(5)
Traceback (most recent call last):
...
scorekeeper.engine.variants.house_rules.InvalidRulesError: Rummikub is for 2–4 players with the standard set (the XP set takes up to 6), not 5
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..cards import InvalidCardError
from ..decks import Colour, NumberDeck, Special
from ..ends import End
from ..hands import Hand, HandScore, Held, InvalidHandError, InvalidMatchError, MatchState, PlayerState, parse_held
from ..i18n import _, _n, joined, message_of
from .. import verdicts as _verdicts
from ..melds import InvalidMeldError, MeldCheck, MeldRules
from ..verdicts import Verdict
from ..entry_fields import EntryField, EntryKind, EntryFields
from .base import InvalidRulesError, Rules, Switch, Variant

COLOURS = (Colour("k", _("black")), Colour("r", _("red")), Colour("b", _("blue")),
           Colour("o", _("orange"), ("y",)))
JOKER = "J"
TILES = NumberDeck("rummikub", numbers=range(1, 14), colours=COLOURS, copies=2,
                   specials=(Special(JOKER, _("joker"), 2, 30, ("JK", "JKR", "JOKER"), wild=True),), item="tile")
#: what the numbered tiles of each set count together (1–13 twice in 4 or 6 colours), and its jokers
NUMBERED = {"standard": 728, "xp": 1092}
JOKERS = {"standard": 2, "xp": 4}
PLAYERS = {"standard": 4, "xp": 6}
#: the most an unmelded penalty may be (docs/rules/rummikub.md#house-rules)
UNMELDED_MOST = 500


class Rummikub(Variant):
    key = "rummikub"
    order = 95
    name = "Rummikub"
    aliases = ("rummy-o", "rummikub tiles")
    summary = _("Tiles 1–13 in four colours: the one who empties the rack collects what the others hold.")
    min_players, max_players = 2, 6
    ends = ("out", "pool_exhausted")
    own_ends = (End("pool_exhausted", _("Pool ran out"), _("pool ran out"), "pool_exhausted",
                    lambda n: _("{count} × pool ran out", count=n), needs_by=None),)
    arranged_in_play = False
    not_opened_word = _("Never melded")
    FINISH = EntryKind("finish", _("Finish: the best total wins"), _("finish"),
                       _("Finish the match now? The best total wins, as the standings show."), ends_match=True,
                       summary=_("finished by the table: the best total wins"), confirm=_("Yes, end it here"))
    SWITCHES = (
        Switch("joker_penalty", "int", 30, _("What a joker left on a rack counts."), min=0, max=200,
               label=_("A joker on a rack counts")),
        Switch("unmelded_penalty", "int_or_null", None, _("What a player who never melded is charged instead of "
                                                          "his rack."), min=0, max=UNMELDED_MOST,
               none_words=_("his rack"), label=_("Never melded: charged")),
        Switch("scoring", "enum", "zero_sum", _("Zero sum (the winner collects the others' racks), only the "
                                                "winner scores, or only the penalties (lowest wins)."),
               choices=("zero_sum", "winner_only", "penalty_only"), label=_("Scoring")),
        Switch("match_mode", "enum", "rounds", _("Rounds of as many games as players, a target, or open play."),
               choices=("rounds", "target", "open")),
        Switch("rounds", "int", 1, _("Rounds to play; each is as many games as players."), min=1, max=20,
               only_when=(("match_mode", ("rounds",)),)),
        Switch("target", "int", 200, _("The match ends after the game in which a total reaches this."), min=1,
               only_when=(("match_mode", ("target",)),)),
        Switch("match_winner", "enum", "highest_total", _("The best total wins, or the most games won."),
               choices=("highest_total", "most_games"), label=_("Who wins the match")),
        Switch("tie_break", "enum", "shared", _("Equal best: share the win, or play another game."),
               choices=("shared", "play_another_game")),
        Switch("tile_set", "enum", "standard", _("The standard set (106 tiles), or the XP set for 5–6 players "
                                                 "(points only)."), choices=("standard", "xp"), label=_("Tile set")),
    )

    def check_rules(self, values: dict[str, Any], house: Mapping[str, Any], n_players: int | None) -> None:
        if n_players is not None and n_players > PLAYERS[values["tile_set"]]:
            raise InvalidRulesError(_("Rummikub is for 2–4 players with the standard set (the XP set takes up to "
                                      "6), not {n_players}", n_players=n_players))

    # -- the tiles and the entry fields -------------------------------------------------------------

    def deck(self, rules: Rules | None = None, n_players: int | None = None) -> NumberDeck:
        r = self.resolved(rules)
        penalty = r.joker_penalty
        return TILES if penalty == 30 else TILES.with_specials(J=(2, penalty))

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return 14

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        r = self.resolved(rules)
        return (r.joker_penalty, *range(1, 14))

    def card_value(self, card: Any, rules: Rules | None = None) -> int:
        deck = self.deck(rules)
        return deck.value(deck.token(card) if isinstance(card, str) else card)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        raise InvalidMeldError(_("Rummikub is played with tiles: check its groups and runs of tiles"))

    def check_meld(self, cards: Any, rules: Rules | None = None, **deal: Any) -> MeldCheck:
        """A group (3–4 tiles of one number in different colours) or a run (3 or more numbers in a row in
        one colour, 1 never after 13); jokers fill, at least one numbered tile. ``value`` is what the
        meld counts toward the first meld of 30, a joker the tile it stands for (in a run the jokers go
        on the high end first, as far as 13 allows)."""
        deck = self.deck(rules)
        tiles = deck.parse(cards) if isinstance(cards, str) else list(cards)
        deck.check_copies(tiles)
        naturals = [t for t in tiles if not t.special]
        jokers = len(tiles) - len(naturals)
        n = len(tiles)
        if n < 3:
            return MeldCheck(False, None, _("a group or a run holds at least 3 tiles"), cards=tuple(tiles))
        if not naturals:
            return MeldCheck(False, None, _("a meld needs at least one numbered tile"), cards=tuple(tiles))
        numbers = {t.number for t in naturals}
        colours = [t.colour for t in naturals]
        if len(numbers) == 1:
            if len(set(colours)) < len(colours):
                return MeldCheck(False, "set", _("a group holds each colour once"), cards=tuple(tiles))
            if n > len(COLOURS):
                return MeldCheck(False, "set", _("a group holds at most {count} tiles, one of each colour",
                                                 count=len(COLOURS)), cards=tuple(tiles))
            number = naturals[0].number
            return MeldCheck(True, "set", _("a group of {count} {number}s", count=n, number=number),
                             value=number * n, cards=tuple(tiles), word=_("group"),
                             facts=((_("Kind"), _("group")), (_("Toward the first meld of 30"), str(number * n))),
                             ambiguous=jokers > 0 and len(naturals) == 1)
        if len(set(colours)) > 1:
            return MeldCheck(False, None, _("neither a group (one number, different colours) nor a run (one colour, "
                                            "numbers in a row)"), cards=tuple(tiles))
        if len(numbers) < len(naturals):
            return MeldCheck(False, "run", _("a run holds each number once"), cards=tuple(tiles))
        low, high = min(numbers), max(numbers)
        if high - low + 1 > n:
            return MeldCheck(False, "run", _("the numbers are not in a row, even with the jokers"),
                             cards=tuple(tiles))
        if n > 13:
            return MeldCheck(False, "run", _("a run goes from 1 to 13 at most"), cards=tuple(tiles))
        start = min(low, 13 - n + 1)
        ambiguous = jokers > 0 and start != max(1, high - n + 1)
        value = sum(range(start, start + n))
        return MeldCheck(True, "run", _("a run of {count} from {start} to {end}", count=n, start=start,
                                        end=start + n - 1),
                         value=value, cards=tuple(tiles), word=_("run"), ambiguous=ambiguous,
                         facts=((_("Kind"), _("run")), (_("Toward the first meld of 30"), str(value))))

    def verdict(self, cards: Any, rules: Rules | None = None, *, mode: str = "meld", deal: int | None = None,
                upcard: Any = None, minimum: int | None = None, **fields: Any) -> Verdict:
        """The meld checker's question in Rummikub: is this a group or a run of tiles (in either mode)."""
        r = self.resolved(rules)
        deck = self.deck(r)
        return _verdicts.one_meld(self, deck.parse(cards) if isinstance(cards, str) else list(cards), r)

    def high_wins(self, rules: Rules | None = None) -> bool:
        return self.resolved(rules).scoring != "penalty_only"

    def entry_fields(self, rules: Rules | None = None, n_players: int | None = None) -> EntryFields:
        r = self.resolved(rules)
        fields = [
            EntryField("by", "player", _("Who went out?"), required=True),
            EntryField("end", "end", _("How?"), required=True),
            EntryField("points", "points", _("Points on the rack (numbered tiles)"), per="player", minimum=0,
                       maximum=NUMBERED[r.tile_set], ender_default=0),
        ]
        if r.tile_set == "standard":
            fields.append(EntryField("tiles", "cards", _("Tiles"), per="player", minimum=0, maximum=106,
                                     instead_of="points"))
        fields.append(EntryField("jokers", "count", _("Jokers on the rack"), per="player", minimum=0,
                                 maximum=JOKERS[r.tile_set]))
        fields.append(EntryField("opened", "flag", _("Never melded"), per="player", ticked=False))
        return EntryFields(tuple(fields), help=_("For each player, the tiles left on the rack, or their points and the "
                                           "jokers apart."))

    def rules_summary(self, rules: Rules | None = None) -> list[str]:
        r = self.resolved(rules)
        lines = [_("Tiles 1–13 twice in four colours and 2 jokers; 14 tiles each.") if r.tile_set == "standard"
                 else _("The XP set: six colours and 4 jokers, for up to 6 players; racks typed as points."),
                 _("A rack counts its tiles' numbers; a joker {penalty}.", penalty=r.joker_penalty)]
        if r.scoring == "zero_sum":
            lines.append(_("The one who goes out collects what the others hold; each of them loses his rack."))
        elif r.scoring == "winner_only":
            lines.append(_("Only the winner scores: what the others hold."))
        else:
            lines.append(_("Each loser adds his rack; the lowest total wins."))
        lines.append(_("When the pool runs out, the lowest rack wins and the others pay only the difference."))
        if r.match_mode == "rounds":
            lines.append(_("The match is {rounds} round(s) of as many games as players.", rounds=r.rounds))
        elif r.match_mode == "target":
            lines.append(_("The match ends after the game in which a total reaches {target}.", target=r.target))
        else:
            lines.append(_("The table decides when the match ends."))
        return lines

    # -- reading a game -----------------------------------------------------------------------------

    def parse_held(self, index: int, player: str, value: Any, fields: Iterable[str] = (),
                   instead: Iterable[str] = ()) -> Held:
        if not isinstance(value, Mapping):
            return parse_held(index, player, value)

        def bad(message: str, fld: str) -> InvalidHandError:
            return InvalidHandError(message, entry=index, player=player, field=fld)

        unknown = set(value) - {"tiles", "points", "jokers", "opened"}
        if unknown:
            raise bad(_("{player}: unknown field {name!r}", player=player, name=sorted(unknown)[0]), "points")
        jokers = value.get("jokers")
        rest = {"cards" if k == "tiles" else k: v for k, v in value.items() if k != "jokers"}
        if value.get("tiles") is not None and self.house.tile_set == "xp":
            raise bad(_("{player}: the XP set is entered as points, not tiles", player=player), "tiles")
        try:
            held = parse_held(index, player, rest, fields=("cards", "points", "opened"), parse=self.deck().parse)
        except InvalidHandError as exc:
            if exc.field == "cards":
                exc.field = "tiles"
            raise
        if jokers is not None:
            if held.cards is not None:
                raise bad(_("{player}: jokers are counted apart only with points; tiles name them (J)",
                            player=player), "jokers")
            most = JOKERS[self.house.tile_set]
            if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= most:
                raise bad(_("{player}: jokers is a whole number from 0 to {most}", player=player, most=most),
                          "jokers")
        held.marks = {"jokers": jokers or 0}
        return held

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return hand.end == "out" and player == hand.by

    # -- scoring ------------------------------------------------------------------------------------

    def _rack(self, held: Held) -> tuple[int, int]:
        """(numbered points, jokers) on a rack."""
        if held.cards is not None:
            jokers = sum(1 for t in held.cards if t.special)
            return sum(t.number for t in held.cards if not t.special), jokers
        return held.points, held.marks.get("jokers", 0)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        r = self.house
        deck = self.deck(r)
        by = hand.by
        # 6. the one who went out has an empty rack
        if hand.end == "out":
            held = hand.held.get(by)
            if held is not None:
                numbered, jokers = self._rack(held)
                if held.cards:
                    raise hand.error(_("{player} went out: the rack is empty, no tiles", player=by), player=by,
                                     field="tiles")
                if numbered or jokers:
                    raise hand.error(_("{player} went out: the rack is empty, 0 points and no jokers", player=by),
                                     player=by, field="points" if numbered else "jokers")
                if not held.opened:
                    raise hand.error(_("{player} went out, so {player} melded", player=by), player=by,
                                     field="opened")
        # 7. the set holds two of each tile and two jokers (XP four)
        tiles = [t for h in hand.held.values() if h.cards for t in h.cards if not t.special]
        try:
            deck.check_copies(tiles)
        except InvalidCardError as exc:
            raise hand.error(message_of(exc), field="tiles") from None
        most_jokers = JOKERS[r.tile_set]
        jokers_in = sum(self._rack(h)[1] for h in hand.held.values())
        if jokers_in > most_jokers:
            raise hand.error(_("{count} jokers cannot be in play: the set has {most}", count=jokers_in,
                               most=most_jokers), field="jokers")
        # 8. the points
        numbered_total = 0
        for name in hand.players_in:
            held = hand.held.get(name)
            if held is None:
                continue
            numbered, jokers = self._rack(held)
            if held.points is not None and not 0 <= held.points <= NUMBERED[r.tile_set]:
                raise hand.error(_("{player}: the numbered tiles are worth {most} in all, so 0 to {most}, not "
                                   "{points}", player=name, most=NUMBERED[r.tile_set], points=held.points),
                                 player=name, field="points")
            if not (hand.end == "out" and name == by) and numbered + jokers < 1:
                raise hand.error(_("{player} did not go out, so {player} holds at least one tile", player=name),
                                 player=name, field="tiles" if held.cards is not None else "points")
            numbered_total += numbered
        if numbered_total > NUMBERED[r.tile_set]:
            raise hand.error(_("the racks hold {total} in numbered tiles: the set's are worth {most} in all",
                               total=numbered_total, most=NUMBERED[r.tile_set]), field="points")
        # each player's count
        counts: dict[str, int] = {}
        said: dict[str, str] = {}
        for name in hand.players_in:
            held = hand.held.get(name)
            if held is None:
                counts[name], said[name] = 0, _("went out: 0")
                continue
            numbered, jokers = self._rack(held)
            if not held.opened and r.unmelded_penalty is not None:
                counts[name] = r.unmelded_penalty
                said[name] = _("never melded: {penalty}", penalty=r.unmelded_penalty)
            elif held.cards is not None:
                total, sums = deck.count(held.cards)
                counts[name] = total
                said[name] = (_("{cards}: {sum} = {total}", cards=deck.format(held.cards), sum=sums, total=total)
                              if len(held.cards) > 1 else _("{cards}: {total}", cards=deck.format(held.cards),
                                                             total=total))
            else:
                counts[name] = numbered + r.joker_penalty * jokers
                said[name] = (_("{points} + {jokers} × {penalty} = {total}", points=numbered, jokers=jokers,
                                penalty=r.joker_penalty, total=counts[name]) if jokers else
                              _("{points}", points=numbered))
        # 9. who won the game
        if hand.end == "out":
            winner = by
            charges = {n: counts[n] for n in hand.players_in if n != winner}
            summary = _("{by} went out", by=by)
        else:
            lowest = min(counts.values())
            tied = [n for n in hand.players_in if counts[n] == lowest]
            if len(tied) == 1:
                if by is not None:
                    raise hand.error(_("{name} alone has the lowest count ({count}): by names the winner only when "
                                       "several share it", name=tied[0], count=lowest), player=by, field="by")
                winner = tied[0]
            else:
                if by is None or by not in tied:
                    raise hand.error(_("{names} share the lowest count ({count}): name the winner with by",
                                       names=joined(_(" and "), tied), count=lowest), field="by")
                winner = by
            charges = {n: counts[n] - lowest for n in hand.players_in if n != winner}
            summary = _("the pool ran out: {winner} has the lowest rack", winner=winner)
        won = sum(charges.values())
        scored = HandScore(winner=winner, summary=summary)
        for name in hand.players_in:
            if name == winner:
                scored.scores[name] = 0 if r.scoring == "penalty_only" else won
                scored.explanations[name] = (_("won: 0") if r.scoring == "penalty_only" else
                                             _("won: {sum} = +{total}", sum=" + ".join(
                                                 str(charges[n]) for n in hand.players_in if n != winner) or "0",
                                               total=won))
                continue
            charge = charges[name]
            scored.scores[name] = {"zero_sum": -charge, "winner_only": 0, "penalty_only": charge}[r.scoring]
            text = said[name]
            if hand.end == "pool_exhausted":
                text = _("{said} − {lowest} = {charge}", said=text, lowest=counts[winner], charge=charge)
            scored.explanations[name] = (_("{said} → −{charge}", said=text, charge=charge) if r.scoring == "zero_sum"
                                         else _("{said} → 0", said=text) if r.scoring == "winner_only"
                                         else text)
        return scored

    # -- the match ----------------------------------------------------------------------------------

    def after_hand(self, state: MatchState, hand: Hand, scored: HandScore) -> None:
        won = dict(state.kept.get("games_won") or {p: 0 for p in state.players})
        won[scored.winner] = won.get(scored.winner, 0) + 1
        state.kept = {**state.kept, "games_won": won}

    def _won(self, state: MatchState) -> dict[str, int]:
        return state.kept.get("games_won") or {p: 0 for p in state.players}

    def _best(self, state: MatchState) -> list[str]:
        won = self._won(state)
        names = list(state.players)
        if self.house.match_winner == "most_games":
            most = max(won[n] for n in names)
            names = [n for n in names if won[n] == most]
        return self.best_of(names, state)

    def _games(self, state: MatchState) -> int | None:
        r = self.house
        return r.rounds * len(state.players) if r.match_mode == "rounds" else None

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        r = self.house
        games = self._games(state)
        if r.match_mode == "rounds":
            over = state.hands_played >= games
        elif r.match_mode == "target":
            over = any(p.total >= r.target for p in state.players.values())
        else:
            over = False
        if not over:
            return None
        best = self._best(state)
        if len(best) > 1 and r.tie_break == "play_another_game":
            return None
        return best

    def place_key_in(self, state: MatchState, ps: PlayerState) -> tuple:
        sign = 1 if self.house.scoring == "penalty_only" else -1
        if self.house.match_winner == "most_games":
            return (-self._won(state)[ps.name], sign * ps.total)
        return (sign * ps.total,)

    def player_facts(self, state: MatchState, name: str) -> dict[str, Any]:
        return {"games_won": self._won(state)[name]}

    def player_note(self, state: MatchState, name: str) -> str | None:
        won = self._won(state)[name]
        return _n("{count} game won", "{count} games won", won, count=won) if won else None

    def match_facts(self, state: MatchState) -> dict[str, Any]:
        games = self._games(state)
        return {"game": None if state.finished else state.hands_played + 1,
                "games_left": None if state.finished or games is None else max(0, games - state.hands_played)}

    def context(self, state: MatchState) -> dict[str, Any]:
        return self.match_facts(state)

    def entry_kinds(self) -> tuple[EntryKind, ...]:
        return (self.FINISH,)

    def entry_kinds_allowed(self, state: MatchState) -> list[str]:
        return ["finish"] if state.hands_played and not state.finished else []

    def table_end(self, key: str, state: MatchState) -> list[str]:
        """The table finishes the match: the best as the match's winner rule says; equal best share."""
        if state.hands_played == 0:
            raise InvalidMatchError(_("a match cannot be finished before its first hand"))
        return self._best(state)
