"""Static files as a phone should get them: named by their content, cached for a year, sent compressed.

Every ``url_for("static", filename=...)`` gets a ``v`` argument holding a short hash of the file's
content (a ``url_defaults`` hook, so templates write plain ``url_for`` calls). A request that carries
the current hash is answered with a one-year immutable cache lifetime; any other (no hash, or a hash
of an older copy) must be revalidated, so a changed file is fetched again on the next load.

Style sheets and scripts are sent minified (comments and spare white space dropped by rcssmin and
rjsmin, which remove only what a browser ignores): the files keep their comments, a phone gets a third
fewer bytes. The hash is of what is sent. Each file is compressed once per process, at brotli's and
gzip's highest levels, and kept in memory (the static folder is small and fixed); pages, which change with every request, are compressed by
Flask-Compress at a quick level. The same answer serves the htmx script, whose URL carries its version.
"""

from __future__ import annotations

import brotli
import gzip
import hashlib
import html
import mimetypes
import re
from importlib import resources
from pathlib import Path
from typing import Callable

import rcssmin
import rjsmin
from flask import Flask, Response, abort, request, url_for
from werkzeug.security import safe_join

#: the htmx the pages load, served from its package (js-lib-htmx) at a URL that names its version
HTMX_VERSION = "2.0.3"
#: the query argument carrying a static file's content hash
HASH_ARG = "v"
ONE_YEAR = 31536000
#: files smaller than this are sent as they are (compression would save next to nothing)
MIN_COMPRESS = 256
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "image/svg+xml")

mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".js")


class Asset:
    """One file's bytes, content hash and compressed copies (made when first asked for)."""

    def __init__(self, data: bytes, mimetype: str) -> None:
        self.data = data
        self.mimetype = mimetype
        self.digest = hashlib.sha256(data).hexdigest()[:12]
        self._encoded: dict[str, bytes] = {}

    def encoded(self, encoding: str) -> bytes:
        if encoding not in self._encoded:
            if encoding == "br":
                self._encoded[encoding] = brotli.compress(self.data, quality=11)
            else:
                self._encoded[encoding] = gzip.compress(self.data, compresslevel=9, mtime=0)
        return self._encoded[encoding]

    def response(self, immutable: bool) -> Response:
        """The file for this request: compressed if the browser accepts it, cached as ``immutable`` says."""
        body, encoding = self.data, None
        if len(self.data) >= MIN_COMPRESS and self.mimetype.startswith(COMPRESSIBLE):
            encoding = request.accept_encodings.best_match(["br", "gzip"])
            if encoding:
                body = self.encoded(encoding)
        response = Response(body, mimetype=self.mimetype)
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
        response.set_etag(self.digest + (f"-{encoding}" if encoding else ""))
        if immutable:
            response.cache_control.public = True
            response.cache_control.max_age = ONE_YEAR
            response.cache_control.immutable = True
        else:
            response.cache_control.no_cache = True
        return response.make_conditional(request)


def minified(data: bytes, mimetype: str) -> bytes:
    """What is sent of a static file: a style sheet or script minified, anything else as it is."""
    if mimetype == "text/css":
        return rcssmin.cssmin(data.decode("utf-8")).encode("utf-8")
    if mimetype == "text/javascript":
        return rjsmin.jsmin(data.decode("utf-8")).encode("utf-8")
    return data


class StaticFiles:
    """The static folder's files as ``Asset``s, read again only when a file changes on disk."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = str(folder)
        self._assets: dict[str, tuple[tuple[int, int], Asset]] = {}

    def build(self) -> str:
        """One hash of every static file's content: it names the service worker's caches."""
        root = Path(self.folder)
        digests = []
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            name = path.relative_to(root).as_posix()
            asset = self.get(name)
            if asset is not None:
                digests.append(f"{name}={asset.digest}")
        return hashlib.sha256("\n".join(digests).encode()).hexdigest()[:12]

    def get(self, filename: str) -> Asset | None:
        path = safe_join(self.folder, filename)
        if path is None:
            return None
        try:
            stat = Path(path).stat()
        except OSError:
            return None
        if not Path(path).is_file():
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = self._assets.get(filename)
        if cached is None or cached[0] != stamp:
            mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            cached = (stamp, Asset(minified(Path(path).read_bytes(), mimetype), mimetype))
            self._assets[filename] = cached
        return cached[1]


def init_app(app: Flask) -> StaticFiles:
    """Serve the static folder through ``StaticFiles`` and put content hashes into its URLs; serve
    htmx."""
    files = StaticFiles(app.static_folder or "static")

    @app.url_defaults
    def hash_static_urls(endpoint: str, values: dict) -> None:
        if endpoint == "static" and HASH_ARG not in values:
            asset = files.get(values.get("filename", ""))
            if asset is not None:
                values[HASH_ARG] = asset.digest

    def static(filename: str) -> Response:
        asset = files.get(filename)
        if asset is None:
            abort(404)
        return asset.response(immutable=request.args.get(HASH_ARG) == asset.digest)

    def service_worker() -> Response:
        # from the site root, so that its scope is the whole app; revalidated on every check
        asset = files.get("js/sw.js")
        if asset is None:
            abort(404)
        return asset.response(immutable=False)

    app.view_functions["static"] = static
    app.add_url_rule("/sw.js", "service_worker", service_worker)
    app.add_url_rule(f"/vendor/htmx-{HTMX_VERSION}.min.js", "htmx_js", packaged(
        lambda: (resources.files("js_lib_htmx") / "static/htmx/htmx.min.js").read_bytes(), "text/javascript"))
    app.add_template_global(lambda: url_for("service_worker", v=files.build()), "service_worker_url")
    app.extensions["scorekeeper.static"] = files
    return files


_ASKED = re.compile(r'<link[^>]+rel="(?:stylesheet|manifest|icon)"[^>]*href="([^"]+)"|<script[^>]+src="([^"]+)"|'
                    r'data-load-(picker(?:-css|-words)?)="([^"]+)"')


def first_load(page: str) -> list[str]:
    """The URLs a browser asks for on the first load of ``page`` (an HTML page of this app): its style
    sheets, scripts, manifest and icon, and the card picker's script, styles and words (in a page not in
    English) when a picker is drawn at once (static/js/app.js loads them, and offline.js, only when a
    page needs them). The service worker is left out: it is registered after the page has loaded."""
    pickers = re.findall(r"<[^>]*\sdata-picker[\s>][^>]*>", page)
    drawn_at_once = any("data-picker-draw" not in tag for tag in pickers)
    urls = [html.unescape(href or src or data_url) for href, src, kind, data_url in _ASKED.findall(page)
            if not kind or drawn_at_once]
    return list(dict.fromkeys(urls))


def packaged(load: Callable[[], bytes], mimetype: str) -> Callable[[], Response]:
    """A view serving one file that ships in a package, at a URL that names its version."""
    asset: list[Asset] = []

    def view() -> Response:
        if not asset:
            asset.append(Asset(load(), mimetype))
        return asset[0].response(immutable=True)

    return view
