"""The database's tables: what is stored, never what is derived.

A table (the people who play together) owns a roster of players and its matches. A match keeps its
rules snapshot, its seats and its ordered entries (hands, void hands, rebuys); totals are never stored
here, they come from ``engine.replay`` of the entries (docs/match-format.md). Entry payloads name
players by their database id, so that renaming a player renames them everywhere; the matches service
turns them into the match document, which names players by name.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from typing import Any

import sqlalchemy as sa
from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from ..engine.limits import CURRENCY


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def fold_spaces(value: str | None) -> str | None:
    """A name as the forms keep it: every run of whitespace one space, none at either end ("  Ann
    Lee " is "Ann Lee"). Imports keep names the same way, so a name is one name however it came."""
    return " ".join(value.split()) if isinstance(value, str) else value


#: characters that draw nothing though they are not format characters: the Hangul fillers, the blank
#: braille pattern, the combining grapheme joiner, the Khmer inherent vowels
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")


def _seen(ch: str) -> bool:
    """Whether ``ch`` draws something: not a format character (zero-width spaces and joiners, the
    direction controls, the word joiner), not a space, not a blank filler."""
    return not (ch.isspace() or ch in _BLANK or unicodedata.category(ch) == "Cf")


def visible(name: str | None) -> bool:
    """Whether a name shows anything at all: U+200D, U+2060, U+3164 or U+2800 alone shows nothing."""
    return isinstance(name, str) and any(_seen(ch) for ch in name)


def name_key(name: str) -> str:
    """What makes two names one player at a table: the name as it reads, without the characters that
    draw nothing (a zero-width space or joiner, a direction control), whatever its capitals. "Eve",
    "Ev\u200be" and "EVE\u200d" are one key; the name itself is kept as typed (an emoji sequence needs
    its joiners)."""
    return " ".join("".join(ch for ch in name if ch.isspace() or _seen(ch)).split()).casefold()


class Model(DeclarativeBase):
    metadata = sa.MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class Table(Model):
    __tablename__ = "card_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    #: the secret in the table's link (>= 128 random bits)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    #: the symbol the table's money is shown with ("$", "€", "CHF"), set once; None shows bare amounts
    currency: Mapped[str | None] = mapped_column(String(CURRENCY))

    players: Mapped[list[Player]] = relationship(
        back_populates="table", order_by="Player.id", cascade="all, delete-orphan"
    )
    matches: Mapped[list[Match]] = relationship(
        back_populates="table", order_by="Match.id", cascade="all, delete-orphan"
    )
    house_rules: Mapped[list[HouseRules]] = relationship(
        back_populates="table", order_by="HouseRules.name_key", cascade="all, delete-orphan"
    )


class HouseRules(Model):
    """A table's named house rules for one game ("Our Ramino"): overrides by switch name, checked by
    the engine when saved. A snapshot: a match started from it keeps its own copy."""

    __tablename__ = "house_rules"
    __table_args__ = (UniqueConstraint("table_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("card_table.id", ondelete="CASCADE"), index=True)
    variant: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(40))
    #: the name folded, so that "our ramino" and "Our Ramino" are one
    name_key: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    table: Mapped[Table] = relationship(back_populates="house_rules")


class Player(Model):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("table_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("card_table.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    #: the name folded for the case-insensitive uniqueness a roster needs ("ann" and "Ann" are one)
    name_key: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    table: Mapped[Table] = relationship(back_populates="players")


class Match(Model):
    __tablename__ = "match"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("card_table.id", ondelete="CASCADE"), index=True)
    variant: Mapped[str] = mapped_column(String(20))
    #: house-rule overrides only, by the switch names of docs/rules/ (the snapshot taken at creation)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: entry fee per player as a decimal string ("5.00"), or None
    stake: Mapped[str | None] = mapped_column(String(20))
    #: player ids in seat order
    seats: Mapped[list[int]] = mapped_column(JSON)
    #: a game scored by sides that names them (the match document's ``teams``): ``[[side name, [player
    #: id, …]], …]``; None where the game plays its default sides (or none)
    teams: Mapped[list[Any] | None] = mapped_column(JSON)
    first_dealer_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    #: active | finished | abandoned; a listing aid refreshed on every save (the truth is the replay)
    status: Mapped[str] = mapped_column(String(20), default="active")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[dt.datetime | None]
    #: bumped on every change; a form carries the version it was drawn from (optimistic locking)
    version: Mapped[int] = mapped_column(default=1)
    #: the read-only spectator link's secret
    view_token: Mapped[str] = mapped_column(String(64), unique=True)
    #: the history listing's line (hands played; winners and leaders by seat), derived from the replay
    #: and trusted only while ``summary_version`` equals ``version`` (a cache keyed by the version)
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    summary_version: Mapped[int | None]
    #: the undo log, oldest first: each action (add, edit, delete, restore of an entry) with what it
    #: changed and whether it is undone; the undone ones at its end are what "Redo" brings back
    actions: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)

    table: Mapped[Table] = relationship(back_populates="matches")
    entries: Mapped[list[Entry]] = relationship(
        back_populates="match", order_by="Entry.position", cascade="all, delete-orphan"
    )


class ReplayCheckpoint(Model):
    """A match's replay carried up to one of its entries, so that a save in any worker replays only the
    entries after it (``engine.match.MatchReplay.checkpoint``). Derived, never the truth: trusted only
    while ``version`` equals the match's version, and remade from the replay whenever it is not."""

    __tablename__ = "replay_checkpoint"

    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), primary_key=True)
    #: the match's version the state was made for
    version: Mapped[int]
    #: the position of the last entry the state has played (0: none)
    position: Mapped[int]
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class Entry(Model):
    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("match_id", "idempotency_key"),
                      sa.Index("ix_entry_match_id_position", "match_id", "position"))

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    #: order within the match; deleting an entry keeps the others' positions
    position: Mapped[int]
    #: hand | void | rebuy
    kind: Mapped[str] = mapped_column(String(10))
    #: the entry as in the match document, with players named by id
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    edited_at: Mapped[dt.datetime | None]
    deleted_at: Mapped[dt.datetime | None]
    #: one per submitted form, so a double tap records one hand
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    #: audit trail: earlier payloads, oldest first, each {"at": iso time, "payload": {...}}
    history: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)

    match: Mapped[Match] = relationship(back_populates="entries")
