"""Serve a built site as a static host does, count what it sends, and slow it down to a given line.

Used by ``benchmarks/bench_lite.py``:

* :func:`site_server`: a static server on loopback with the headers GitHub Pages sends
  (``Cache-Control: max-age=N`` and an ETag) or, with no cache time, as ``python -m
  http.server`` does (Last-Modified only). It compresses with gzip what static hosts compress
  (text, scripts, JSON, SVG: the content types of Fastly's default list, which GitHub Pages'
  CDN runs), never archives, wheels or WebAssembly, and counts the bytes it sends, per file;
* :class:`Throttle`: a TCP proxy in front of it that passes the server's answers at most at a
  given rate, shared by all the browser's connections, as one school line is. Chromium's own
  network emulation slows the page's requests but not a worker's, so the line is modelled
  outside the browser.
"""

from __future__ import annotations

import asyncio
import email.utils
import functools
import gzip
import http.server
import io
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

# What static hosts compress (Fastly's default gzip list): the content types, by prefix.
COMPRESSED_TYPES = (
    "text/",
    "application/javascript",
    "application/json",
    "application/xml",
    "image/svg+xml",
    "image/vnd.microsoft.icon",
    "image/x-icon",
    "font/",
)


class Tally:
    """What the server sent since the last :meth:`take`: bytes of bodies, files (each with its
    bytes), and answers "not modified" (304)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[str, int] = {}
        self.not_modified = 0

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + size

    def take(self) -> tuple[dict[str, int], int]:
        with self.lock:
            taken = (self.sent, self.not_modified)
            self.sent, self.not_modified = {}, 0
        return taken


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static host's answers for the files of ``directory``; see the module docs."""

    tally: Tally
    max_age: int | None = None
    compress = True
    _gzipped: ClassVar[dict[tuple[str, int], bytes]] = {}  # each file compressed once

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().send_head()  # folders (index.html, redirects) and 404s as http.server does
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self._unchanged(etag, stat.st_mtime):
            self.send_response(304)
            self._cache_headers(etag)
            self.end_headers()
            with self.tally.lock:
                self.tally.not_modified += 1
            return None
        kind = self.guess_type(path)
        body = Path(path).read_bytes()
        zipped = (
            self.compress and kind.startswith(COMPRESSED_TYPES) and "gzip" in self.headers.get("Accept-Encoding", "")
        )
        if zipped:
            key = (path, stat.st_mtime_ns)
            if key not in self._gzipped:
                self._gzipped[key] = gzip.compress(body, compresslevel=6)
            body = self._gzipped[key]
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self._cache_headers(etag)
        self.end_headers()
        self.tally.add(self.path.split("?")[0], len(body))
        return io.BytesIO(body)

    def _unchanged(self, etag: str, mtime: float) -> bool:
        if self.max_age is not None and "If-None-Match" in self.headers:
            return etag in {tag.strip() for tag in self.headers["If-None-Match"].split(",")}
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            stamp = email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
        return int(mtime) <= stamp

    def _cache_headers(self, etag: str) -> None:
        if self.max_age is not None:
            self.send_header("Cache-Control", f"max-age={self.max_age}")
            self.send_header("ETag", etag)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def site_server(site: Path, max_age: int | None = None, *, compress: bool = True) -> Iterator[tuple[str, Tally]]:
    """Serve ``site`` on a free loopback port; yields its URL and the :class:`Tally` of what it sent."""
    tally = Tally()
    handler_class = type("Handler", (SiteHandler,), {"tally": tally, "max_age": max_age, "compress": compress})
    handler = functools.partial(handler_class, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", tally
    finally:
        server.shutdown()
        server.server_close()


class Throttle:
    """A TCP proxy on loopback in front of ``upstream`` (``http://127.0.0.1:PORT``) whose
    answers, on all connections together, pass at most ``mbit`` megabits a second.

    ``url`` is the proxy's own address: the browser opens the site there.
    """

    CHUNK = 16 * 1024

    def __init__(self, upstream: str, mbit: float) -> None:
        self._upstream_port = int(upstream.rsplit(":", 1)[1])
        self._rate = mbit * 1e6 / 8  # bytes a second
        self._free_at = 0.0  # when the line is free again (loop time)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._connect, "127.0.0.1", 0), self._loop
        ).result(timeout=10)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    async def _line(self, size: int) -> None:
        """Wait until ``size`` more bytes have had their time on the line."""
        now = self._loop.time()
        self._free_at = max(self._free_at, now) + size / self._rate
        await asyncio.sleep(self._free_at - now)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, slow: bool) -> None:
        try:
            while chunk := await reader.read(self.CHUNK):
                if slow:
                    await self._line(len(chunk))
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _connect(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self._upstream_port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(
            self._pipe(client_reader, server_writer, slow=False),
            self._pipe(server_reader, client_writer, slow=True),
        )

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._server.close)
        time.sleep(0.1)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)


@contextmanager
def throttled(url: str, mbit: float) -> Iterator[str]:
    """``url`` as seen through a line of ``mbit`` megabits a second (``0``: as it is)."""
    if mbit <= 0:
        yield url
        return
    throttle = Throttle(url, mbit)
    try:
        yield throttle.url
    finally:
        throttle.close()
