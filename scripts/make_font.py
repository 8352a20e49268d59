#!/usr/bin/env python3
"""Build assets/fonts/kawu-cjk.ttf: a small subset of Noto Sans CJK SC Bold.

Requirements (see scripts/requirements.txt):
    Python >= 3.9, fontTools == 4.68.0  (pip install fonttools==4.68.0)
    Debian package fonts-noto-cjk (provides NotoSansCJK-Bold.ttc)

Usage (from the repository root or anywhere):
    python3 scripts/make_font.py            # (re)build the font
    python3 scripts/make_font.py --check    # only verify the committed font
                                            # covers every character in src/
                                            # and assets/i18n/

What it does:
  * opens the "Noto Sans CJK SC Bold" face of the Debian OpenType collection,
  * keeps printable ASCII, Latin-1, the Cyrillic block (Noto CJK has the
    Russian letters only: U+0401, U+0410-U+044F, U+0451), some UI symbols,
    CJK punctuation, the Junqi piece names, and EVERY non-ASCII character
    found in src/**/*.rs and assets/i18n/*.ftl,
  * converts the CFF (cubic) outlines to TrueType glyf (quadratic) outlines
    with fontTools.pens.cu2quPen (the fontTools "otf2ttf" recipe), so any
    TrueType rasteriser (ab_glyph / ttf-parser / skrifa) can read it,
  * renames the family to "Kawu CJK" (a Modified Version under the OFL),
  * writes a deterministic file: same inputs -> byte-identical output
    (head timestamps are copied from the source font, no recalculation).

Re-run it whenever new non-ASCII text is added to src/ or assets/i18n/.  Characters the
source font does not have are reported (and are a hard error with
--strict); a few are aliased to a look-alike glyph (see ALIASES).
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

REPO = pathlib.Path(__file__).resolve().parent.parent
OUT = REPO / "assets" / "fonts" / "kawu-cjk.ttf"

SOURCE_CANDIDATES = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
]
FACE_PS_NAME = {
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc": "NotoSansCJKsc-Bold",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc": "NotoSansCJKsc-Regular",
}

FAMILY = "Kawu CJK"

# Directories scanned (recursively) for non-ASCII characters, and the file
# suffixes read there: the Rust sources and the interface translations.
SCAN = [("src", (".rs",)), ("assets/i18n", (".ftl",))]

PIECE_NAMES = "司令 军长 师长 旅长 团长 营长 连长 排长 工兵 炸弹 地雷 军旗"
EXTRA_CJK = "红 蓝 翻 棋 军"
SYMBOLS = "— « » … • ▶ ◀ ✓ ✗ ← → ↑ ↓"
# Cheap extras that UI text is likely to need.
EXTRA = "– ‘ ’ “ ” ‹ › ● ○ ★ ☆ ■ □ ▲ ▼ ，。、！？：；（）《》「」【】～·"

# Characters missing from Noto CJK that are mapped onto a look-alike glyph.
ALIASES = {
    "\u2717": "\u00d7",  # ✗ BALLOT X -> × MULTIPLICATION SIGN
    "\u2715": "\u00d7",  # ✕ MULTIPLICATION X -> × MULTIPLICATION SIGN
}

MAX_ERR = 1.0  # cu2qu tolerance in font units (UPM 1000)


def required_codepoints() -> tuple[set[int], set[int]]:
    """Return (base set, set of characters found in the scanned sources)."""
    cps: set[int] = set(range(0x20, 0x7F))  # printable ASCII
    cps |= set(range(0xA0, 0x100))  # Latin-1 Supplement (printable part)
    cps |= set(range(0x400, 0x500))  # Cyrillic
    for text in (PIECE_NAMES, EXTRA_CJK, SYMBOLS, EXTRA):
        cps |= {ord(c) for c in text if not c.isspace()}
    from_src: set[int] = set()
    for rel, suffixes in SCAN:
        root = REPO / rel
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in suffixes:
                text = path.read_text(encoding="utf-8")
                from_src |= {ord(c) for c in text if ord(c) > 0x7F}
    # Drop controls / format characters nobody wants a glyph for.
    from_src = {
        cp for cp in from_src if not (0x80 <= cp < 0xA0 or cp in (0xFEFF, 0x200B))
    }
    return cps | from_src, from_src


def pick_source(required: bool = True) -> tuple[str | None, int]:
    for path in SOURCE_CANDIDATES:
        if not pathlib.Path(path).exists():
            continue
        want = FACE_PS_NAME[path]
        from fontTools.ttLib import TTCollection

        coll = TTCollection(path, lazy=True)
        for i, face in enumerate(coll.fonts):
            if face["name"].getDebugName(6) == want:
                return path, i
    if not required:
        return None, 0
    sys.exit(
        "error: Noto Sans CJK not found; install the Debian package fonts-noto-cjk"
    )


def otf_to_ttf(font: TTFont) -> None:
    """Convert CFF outlines to TrueType glyf (fontTools Snippets/otf2ttf.py)."""
    assert font.sfntVersion == "OTTO" and "CFF " in font
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        # CFF contours run counter-clockwise, TrueType ones clockwise.
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, g in glyf.glyphs.items():
        if hasattr(g, "xMin"):
            hmtx[name] = (hmtx[name][0], g.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for attr in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
    ):
        setattr(maxp, attr, 0)
    maxp.maxComponentElements = 0
    maxp.compile(font)  # recalculates point/contour maxima
    post = font["post"]
    post.formatType = 3.0  # no glyph names: smaller, and they are CIDs anyway
    post.extraNames = []
    post.mapping = {}
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"


def rename(font: TTFont, source_ps: str, source_version: str) -> None:
    name = font["name"]
    style = font["name"].getDebugName(2) or "Bold"
    ps = FAMILY.replace(" ", "") + "-" + style.replace(" ", "")
    for nid in (1, 2, 3, 4, 6, 16, 17, 21, 22):
        name.removeNames(nameID=nid)
    # Localised (e.g. Chinese) names of the source family would be stale too.
    name.names = [r for r in name.names if r.langID in (0, 0x409)]
    values = {
        1: FAMILY,
        2: style,
        3: f"{ps};subset of {source_ps} {source_version}",
        4: f"{FAMILY} {style}",
        6: ps,
    }
    for nid, text in values.items():
        name.setName(text, nid, 3, 1, 0x409)
    desc = (
        f"Subset of Noto Sans CJK SC ({source_ps}, {source_version}) for the "
        "game kawu, made by scripts/make_font.py; TrueType outlines."
    )
    name.removeNames(nameID=10)
    name.setName(desc, 10, 3, 1, 0x409)
    if "CFF " in font:  # keep the CFF font name in sync (only if not converted)
        font["CFF "].cff.fontNames = [ps]


def add_aliases(font: TTFont, wanted: set[int]) -> list[str]:
    done = []
    cmap_best = font.getBestCmap()
    for alias, target in sorted(ALIASES.items()):
        a, t = ord(alias), ord(target)
        if a in wanted and a not in cmap_best and t in cmap_best:
            glyph = cmap_best[t]
            for table in font["cmap"].tables:
                if table.isUnicode() and table.format != 14:
                    table.cmap[a] = glyph
            done.append(f"U+{a:04X} {alias} -> U+{t:04X} {target}")
    return done


def build(strict: bool) -> int:
    wanted, from_src = required_codepoints()
    src_path, index = pick_source()
    font = TTFont(src_path, fontNumber=index, recalcTimestamp=False, lazy=False)
    source_ps = font["name"].getDebugName(6)
    source_version = f"{font['head'].fontRevision:.3f}"
    available = set(font.getBestCmap())

    alias_cps = {ord(a) for a in ALIASES}
    missing = sorted(cp for cp in wanted - available if cp not in alias_cps)
    # Blocks we ask for wholesale are only partly covered by Noto CJK; that is
    # expected.  Only complain about characters asked for one by one.
    block = set(range(0x400, 0x500)) | set(range(0xA0, 0x100))
    bad = [cp for cp in missing if cp not in block or cp in from_src]
    if bad:
        print(
            "warning: not in the source font: "
            + " ".join(f"U+{cp:04X}({chr(cp)})" for cp in bad),
            file=sys.stderr,
        )
        if strict:
            return 1

    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.name_legacy = True
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    opts.hinting = False  # CFF hints do not survive the conversion anyway
    opts.desubroutinize = True
    # Vertical writing is never used by the game.
    opts.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
    opts.layout_features = [
        f
        for f in subset.Options().layout_features
        if f not in ("vert", "vrt2", "vkrn", "vpal", "valt", "vhal", "vchw")
    ]
    sub = subset.Subsetter(options=opts)
    sub.populate(unicodes=sorted(wanted & available))
    sub.subset(font)

    otf_to_ttf(font)
    rename(font, source_ps, source_version)
    aliased = add_aliases(font, wanted)

    OUT.parent.mkdir(parents=True, exist_ok=True)
    font.save(OUT, reorderTables=True)

    check = TTFont(OUT)
    n_cps = len(check.getBestCmap())
    print(
        f"wrote {OUT.relative_to(REPO)}: {OUT.stat().st_size} bytes, "
        f"{len(check.getGlyphOrder())} glyphs, {n_cps} code points, "
        f"{len(from_src)} non-ASCII chars from src/; source {src_path} "
        f"face #{index} ({source_ps} {source_version})"
    )
    for line in aliased:
        print("aliased " + line)
    sys.stdout.flush()
    return 0


def check_only() -> int:
    if not OUT.exists():
        print(f"{OUT} missing: run scripts/make_font.py", file=sys.stderr)
        return 1
    _, from_src = required_codepoints()
    have = set(TTFont(OUT, lazy=True).getBestCmap())
    missing = sorted(from_src - have)
    # Characters the source font lacks (emoji in test strings, ...) cannot be
    # added by a rebuild: only warn about those, when the source is at hand.
    src_path, index = pick_source(required=False)
    if src_path is not None:
        source_has = set(TTFont(src_path, fontNumber=index, lazy=True).getBestCmap())
        absent = [cp for cp in missing if cp not in source_has]
        if absent:
            print(
                "warning: used in src/ but not in Noto CJK either: "
                + " ".join(f"U+{cp:04X}({chr(cp)})" for cp in absent),
                file=sys.stderr,
            )
        missing = [cp for cp in missing if cp in source_has]
    if missing:
        print(
            "font lacks characters used in src/ (re-run scripts/make_font.py): "
            + " ".join(f"U+{cp:04X}({chr(cp)})" for cp in missing),
            file=sys.stderr,
        )
        return 1
    print(f"{OUT.relative_to(REPO)} covers the non-ASCII chars of src/ ({len(from_src)})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only verify coverage")
    ap.add_argument(
        "--strict", action="store_true", help="fail if a wanted char is missing"
    )
    args = ap.parse_args()
    return check_only() if args.check else build(args.strict)


if __name__ == "__main__":
    sys.exit(main())
