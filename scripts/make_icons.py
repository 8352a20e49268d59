#!/usr/bin/env python3
"""Build the web app's icons (web/icons/*.png): a round game piece with 帥 on it.

Requirements (see scripts/requirements.txt): Python >= 3.9 and fontTools (the character's
outline comes from the game's own font, assets/fonts/kawu-cjk.ttf). No Pillow: the picture is
rasterised here (antialiased, exact area coverage along each row, 4 sub-rows per pixel row)
and written as PNG with zlib, so the same inputs give byte-identical files.

Usage (from the repository root or anywhere):
    python3 scripts/make_icons.py            # (re)build the icons
    python3 scripts/make_icons.py --check    # only verify the committed icons are current

Writes:
    web/icons/icon-192.png, web/icons/icon-512.png   the piece on a transparent ground
    web/icons/icon-maskable-512.png                  the piece inside the maskable safe zone
                                                     on the page's background colour
"""

from __future__ import annotations

import argparse
import math
import pathlib
import struct
import sys
import zlib

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
FONT = ROOT / "assets" / "fonts" / "kawu-cjk.ttf"
OUT = ROOT / "web" / "icons"
CHARACTER = "帥"

# The page's colours (web/index.html) and a Xiangqi piece's.
BACKGROUND = (0x21, 0x1C, 0x1A)
RIM = (0xC8, 0xA1, 0x65)
FACE = (0xF1, 0xE3, 0xC4)
RED = (0xA8, 0x2E, 0x26)

SUBROWS = 4
CURVE_STEPS = 8


class FlatPen(BasePen):
    """Collects a glyph's contours as closed polygons (curves cut into CURVE_STEPS lines)."""

    def __init__(self, glyph_set):
        super().__init__(glyph_set)
        self.contours: list[list[tuple[float, float]]] = []

    def _moveTo(self, point):
        self.contours.append([point])

    def _lineTo(self, point):
        self.contours[-1].append(point)

    def _curveToOne(self, p1, p2, p3):
        (x0, y0) = self.contours[-1][-1]
        for step in range(1, CURVE_STEPS + 1):
            t = step / CURVE_STEPS
            u = 1 - t
            self.contours[-1].append(
                (
                    u**3 * x0 + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * y0 + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
                )
            )

    def _qCurveToOne(self, p1, p2):
        (x0, y0) = self.contours[-1][-1]
        for step in range(1, CURVE_STEPS + 1):
            t = step / CURVE_STEPS
            u = 1 - t
            self.contours[-1].append(
                (
                    u * u * x0 + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * y0 + 2 * u * t * p1[1] + t * t * p2[1],
                )
            )

    def _closePath(self):
        pass

    def _endPath(self):
        pass


def glyph_outline(character: str) -> list[list[tuple[float, float]]]:
    font = TTFont(FONT)
    name = font.getBestCmap().get(ord(character))
    if name is None:
        sys.exit(f"{FONT} has no {character}")
    glyph_set = font.getGlyphSet()
    pen = FlatPen(glyph_set)
    glyph_set[name].draw(pen)
    return [contour for contour in pen.contours if len(contour) > 2]


def coverage(polygons, width: int, height: int) -> list[list[float]]:
    """Each pixel's covered share of the polygons (non-zero winding), in pixel coordinates."""
    edges = []
    for polygon in polygons:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            if y0 != y1:
                edges.append((x0, y0, x1, y1, 1 if y1 > y0 else -1))
    rows = []
    for row in range(height):
        area = [0.0] * (width + 2)
        full = [0.0] * (width + 2)
        for sub in range(SUBROWS):
            y = row + (sub + 0.5) / SUBROWS
            crossings = []
            for x0, y0, x1, y1, winding in edges:
                if min(y0, y1) <= y < max(y0, y1):
                    crossings.append((x0 + (y - y0) * (x1 - x0) / (y1 - y0), winding))
            crossings.sort()
            inside = 0
            for (x, winding), following in zip(crossings, crossings[1:] + [None]):
                inside += winding
                if inside == 0 or following is None:
                    continue
                add_span(area, full, max(0.0, x), min(float(width), following[0]), 1 / SUBROWS)
        running = 0.0
        values = []
        for column in range(width):
            running += full[column]
            values.append(min(1.0, running + area[column]))
        rows.append(values)
    return rows


def add_span(area, full, start: float, end: float, weight: float):
    """Adds [start, end) of one sub-row: partial pixels to `area`, whole ones to `full`'s steps."""
    if end <= start:
        return
    first, last = int(start), int(end)
    if first == last:
        area[first] += (end - start) * weight
        return
    area[first] += (first + 1 - start) * weight
    if last < len(area):
        area[last] += (end - last) * weight
    full[first + 1] += weight
    full[last] -= weight


def disk(size: int, centre: float, radius: float) -> list[list[float]]:
    """An antialiased disk's coverage (one pixel wide edge), centred at (centre, centre)."""
    rows = []
    for y in range(size):
        dy = y + 0.5 - centre
        rows.append(
            [
                max(0.0, min(1.0, radius - math.hypot(x + 0.5 - centre, dy) + 0.5))
                for x in range(size)
            ]
        )
    return rows


def icon(size: int, maskable: bool) -> list[list[tuple[float, float, float, float]]]:
    """The icon as rows of premultiplied RGBA floats."""
    centre = size / 2
    # A maskable icon's visible part may be as small as the circle of 40 % of its size.
    radius = size * (0.38 if maskable else 0.47)
    ground = (*[c / 255 for c in BACKGROUND], 1.0) if maskable else (0.0, 0.0, 0.0, 0.0)
    pixels = [[ground] * size for _ in range(size)]

    def paint(cover, colour):
        r, g, b = (c / 255 for c in colour)
        for y in range(size):
            row, cover_row = pixels[y], cover[y]
            for x in range(size):
                a = cover_row[x]
                if a > 0:
                    pr, pg, pb, pa = row[x]
                    row[x] = (r * a + pr * (1 - a), g * a + pg * (1 - a), b * a + pb * (1 - a),
                              a + pa * (1 - a))

    def ring(outer, inner):
        big, small = disk(size, centre, outer), disk(size, centre, inner)
        return [[max(0.0, b - s) for b, s in zip(br, sr)] for br, sr in zip(big, small)]

    # A soft shadow under the piece, the gold rim, the ivory face and a red ring inside it.
    shadow = disk(size, centre + max(1, size // 64), radius)
    paint([[0.35 * v for v in row] for row in shadow], (0, 0, 0))
    paint(disk(size, centre, radius), RIM)
    paint(disk(size, centre, radius * 0.88), FACE)
    paint(ring(radius * 0.80, radius * 0.76), RED)

    # The character, its bounding box fitted into the ring's inside.
    contours = glyph_outline(CHARACTER)
    xs = [x for contour in contours for x, _ in contour]
    ys = [y for contour in contours for _, y in contour]
    box = max(max(xs) - min(xs), max(ys) - min(ys))
    scale = radius * 0.96 / box
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    placed = [
        [(centre + (x - mid_x) * scale, centre - (y - mid_y) * scale) for x, y in contour]
        for contour in contours
    ]
    paint(coverage(placed, size, size), RED)
    return pixels


def png(pixels) -> bytes:
    """Premultiplied RGBA float rows as an 8-bit RGBA PNG (straight alpha)."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)
        for r, g, b, a in row:
            if a <= 0:
                raw += b"\0\0\0\0"
            else:
                raw += bytes(round(min(1.0, c / a) * 255) for c in (r, g, b))
                raw.append(round(a * 255))
    height, width = len(pixels), len(pixels[0])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only verify the committed icons match what this script draws")
    args = parser.parse_args()
    wanted = {
        "icon-192.png": (192, False),
        "icon-512.png": (512, False),
        "icon-maskable-512.png": (512, True),
    }
    stale = []
    for name, (size, maskable) in wanted.items():
        data = png(icon(size, maskable))
        path = OUT / name
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
    if stale:
        print("stale icons (re-run scripts/make_icons.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
