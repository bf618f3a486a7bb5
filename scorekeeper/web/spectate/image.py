"""The result card as a PNG, the picture a chat app shows (an SVG is not shown by them): the headline,
the ranking, the pot and a line about the match, drawn with Pillow.

Pillow is the imaging library Python's packaging guide and most of the ecosystem use: maintained for
over a decade with releases every quarter, wheels for every platform (FreeType inside, so text is drawn
the same everywhere), and no system library to install. The page's words come in already said in its
language; this module only lays them out. A name's bidi isolation marks are taken out: an image has no
text direction to keep, and a font draws them as boxes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WIDTH = 1200  # the size link previews ask for (1200 wide); the height grows with the ranking
ROW = 88
GREEN, WHITE, INK, MUTED = (31, 111, 74), (255, 255, 255), (29, 35, 32), (93, 104, 98)
_MARKS = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e\u200e\u200f"))


@dataclass
class Row:
    place: int
    name: str
    total: str
    winner: bool


@lru_cache(maxsize=8)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans where the system has it (it covers Latin, Greek, Cyrillic and more), else the font
    Pillow ships (Latin only), so the picture is drawn on any machine."""
    try:
        return ImageFont.truetype("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size)


def plain(text: str) -> str:
    return str(text).translate(_MARKS)


def _fit(draw: ImageDraw.ImageDraw, text: str, font, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
    text = plain(text)
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def result_png(headline: str, rows: list[Row], lines: list[str]) -> bytes:
    """The card: ``headline`` on green, then one row per player (place, name, total; winners in bold),
    then ``lines`` (the pot, the hands, the rules) in grey."""
    height = 280 + ROW * len(rows) + 64 * len(lines)
    image = Image.new("RGB", (WIDTH, height), GREEN)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((32, 160, WIDTH - 32, height - 32), radius=32, fill=WHITE)
    title = _font(60, bold=True)
    draw.text((64, 108), _fit(draw, "♠ " + headline, title, WIDTH - 128), font=title, fill=WHITE, anchor="ls")
    y = 160 + 80
    for row in rows:
        name_font = _font(52, bold=row.winner)
        total_font = _font(56, bold=True)
        draw.text((80, y), str(row.place), font=_font(48), fill=MUTED, anchor="ls")
        total_width = int(draw.textlength(row.total, font=total_font))
        draw.text((160, y), _fit(draw, row.name, name_font, WIDTH - 160 - 120 - total_width),
                  font=name_font, fill=INK, anchor="ls")
        draw.text((WIDTH - 80, y), row.total, font=total_font, fill=INK, anchor="rs")
        y += ROW
    small = _font(38)
    y += 8
    for line in lines:
        draw.text((80, y), _fit(draw, line, small, WIDTH - 160), font=small, fill=MUTED, anchor="ls")
        y += 64
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


__all__ = ["Row", "result_png", "plain"]
