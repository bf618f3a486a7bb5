"""Add to Home Screen gets proper icons: the manifest lists PNGs of 192 and 512 pixels and a maskable
one, the pages link an Apple touch icon, and every icon named is served as the image it says it is."""

from __future__ import annotations

import json
import struct


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_icons_are_pngs_of_the_sizes_they_claim(client):
    response = client.get("/static/manifest.webmanifest")
    manifest = json.loads(response.get_data())
    response.close()
    pngs = [i for i in manifest["icons"] if i["type"] == "image/png"]
    assert {i["sizes"] for i in pngs} >= {"192x192", "512x512"}
    assert any("maskable" in i.get("purpose", "") for i in pngs)
    for icon in pngs:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.mimetype == "image/png"
        width, height = _png_size(got.get_data())
        got.close()
        assert f"{width}x{height}" == icon["sizes"]


def test_pages_link_an_apple_touch_icon(client):
    page = client.get("/").get_data(as_text=True)
    assert 'rel="apple-touch-icon"' in page
    href = page.split('rel="apple-touch-icon" href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    got = client.get(href)
    assert got.status_code == 200 and _png_size(got.get_data()) == (180, 180)
    got.close()
