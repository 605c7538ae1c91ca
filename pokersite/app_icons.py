"""The installable app's icons: a white spade on the felt's green, drawn as real PNG files
without an image library (zlib and struct make a PNG).

Run ``.venv/bin/python -m pokersite.app_icons`` to write ``static/icons/icon-192.png`` and
``icon-512.png`` again; the files are committed, so nothing runs this at start-up.

>>> png(2, 1, [[(0, 0, 0, 255), (255, 255, 255, 255)]])[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

SIZES = (192, 512)
FELT = (11, 107, 58)  # --felt in static/css/site.css, the manifest's theme colour
SPADE = (255, 255, 255)
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
SUBSAMPLES = 4  # per side: 16 samples a pixel smooth the edges

Pixel = tuple[int, int, int, int]


def png(width: int, height: int, rows: list[list[Pixel]]) -> bytes:
    """RGBA rows as the bytes of a PNG file (8 bits a channel, no filter)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(channel for pixel in row for channel in pixel) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def in_spade(x: float, y: float) -> bool:
    """Whether the point (x right, y down, the icon from -1 to 1) is on the spade: a heart
    turned point up, and a flared stem."""
    # The heart curve (x² + y² - 1)³ - x²y³ <= 0 has its point down with y up; with y down
    # as here it points up. Scaled to sit in the middle of the icon, clear of the mask's
    # safe zone (maskable icons keep their subject within the centre 80%).
    hx, hy = x / 0.5, (y + 0.08) / 0.5
    if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy**3 <= 0:
        return True
    # The stem: a triangle from under the lobes down to a base.
    if 0.25 <= y <= 0.66:
        half = 0.05 + (y - 0.25) ** 2 * 1.6
        return abs(x) <= half
    return False


def icon(size: int) -> bytes:
    """A ``size`` square icon: the spade on a full green square (maskable as it is)."""
    rows = []
    step = 2 / size
    for row in range(size):
        line = []
        for column in range(size):
            hits = 0
            for sy in range(SUBSAMPLES):
                for sx in range(SUBSAMPLES):
                    x = -1 + (column + (sx + 0.5) / SUBSAMPLES) * step
                    y = -1 + (row + (sy + 0.5) / SUBSAMPLES) * step
                    hits += in_spade(x, y)
            share = hits / SUBSAMPLES**2
            mixed = zip(FELT, SPADE, strict=True)
            red, green, blue = (round(f + (s - f) * share) for f, s in mixed)
            line.append((red, green, blue, 255))
        rows.append(line)
    return png(size, size, rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        (OUT / f"icon-{size}.png").write_bytes(icon(size))


if __name__ == "__main__":
    main()
