#!/usr/bin/env python3
"""Fits the Xiangqi evaluation (src/ai/xiangqi/eval.rs) to a reference engine's scores,
Texel-style: the logistic of our evaluation should match the logistic of the engine's score of
the same position. It fits the weights of the evaluation's terms and the placement table's
corrections (a number for each kind of piece on each point, counted from its own side and
mirrored left to right), each twice: for the opening and for the ending, the evaluation
blending the two by the phase (the chariots, horses and cannons left). It writes them to
src/ai/xiangqi/fitted.rs.

    kawu-cli xiangqi eval-data --level easy --games 300 --seed 7 > positions.tsv
    python3 scripts/fit_xiangqi_eval.py positions.tsv [more.tsv ...] \
        --engine /usr/games/fairy-stockfish --depth 7 --positions 40000 [--scores scores.tsv]

The engine's scores are data only: each position is sent to it over UCI (`go depth N`) and
the score it reports is read back. A fifth of the positions are held out to report the fit's
error on positions it did not see.
"""

import argparse
import os
import random
import subprocess
import sys

import numpy as np

# The weights the fit starts from, in hundredths of a centipawn (eval.rs).
START = [1000, 20000, 20000, 40000, 90000, 45000, 10000, 10000,
         100, 100, 100, 100, 100, 100, 300, 800, 0, -400]
NAMES = ["tempo", "advisor", "elephant", "horse", "chariot", "cannon", "soldier home",
         "soldier across", "general place", "guard place", "horse place", "chariot place",
         "cannon place", "soldier place", "chariot reach", "horse reach", "cannon reach",
         "general danger"]
# Centipawns that make the logistic's scale (a 400 cp edge ~ 0.9).
SCALE = 400.0
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# The kinds in the order of the rules' `Kind` (FEN letters, lower case).
KINDS = "kabnrcp"
# Points a kind's corrections are counted over: ahead (0-9) times off-centre (0-4).
CELLS = 50
FITTED_FILE = os.path.join(os.path.dirname(__file__), "..", "src", "ai", "xiangqi", "fitted.rs")
# The phase of the start position, in the units of `phase` (eval.rs).
FULL_PHASE = 16


def phase(fen):
    """How far from the ending the position is, 0 to 1: two for each chariot and one for each
    horse and cannon, of both sides, over the start's 16 (at most 1)."""
    board = fen.split()[0]
    count = 2 * sum(board.count(c) for c in "rR") + sum(board.count(c) for c in "nNcC")
    return min(FULL_PHASE, count) / FULL_PHASE


def correction_terms(fen):
    """How many of each kind stand on each cell, Red's less Black's, as `CORRECTION` counts."""
    row = np.zeros(len(KINDS) * CELLS)
    for from_top, line in enumerate(fen.split()[0].split("/")):
        rank = 9 - from_top
        file = 0
        for ch in line:
            if ch.isdigit():
                file += int(ch)
                continue
            red = ch.isupper()
            ahead = rank if red else 9 - rank
            row[KINDS.index(ch.lower()) * CELLS + ahead * 5 + abs(file - 4)] += 1 if red else -1
            file += 1
    return row


def smoothness(kinds):
    """The matrix L of the penalty d.L.d: the squared differences of neighbouring cells."""
    size = kinds * CELLS
    laplacian = np.zeros((size, size))
    for kind in range(kinds):
        for ahead in range(10):
            for off in range(5):
                i = kind * CELLS + ahead * 5 + off
                neighbours = ([i + 5] if ahead < 9 else []) + ([i + 1] if off < 4 else [])
                for j in neighbours:
                    laplacian[i, i] += 1
                    laplacian[j, j] += 1
                    laplacian[i, j] -= 1
                    laplacian[j, i] -= 1
    return laplacian


def write_fitted(weights, corrections):
    """Writes fitted.rs: the weights and the corrections, each for the opening and the ending."""
    def table(cells):
        rows = []
        for kind, name in enumerate(["general", "advisor", "elephant", "horse", "chariot",
                                     "cannon", "soldier"]):
            lines = ["            " + ", ".join(f"{round(c)}" for c in
                                                 cells[kind * CELLS + a * 5:kind * CELLS + a * 5 + 5])
                     + "," for a in range(10)]
            rows.append(f"        // {name}, ahead 0 to 9, off the centre 0 to 4\n        [\n"
                        + "\n".join(lines) + "\n        ],")
        return "    [\n" + "\n".join(rows) + "\n    ],"
    with open(FITTED_FILE, "w") as f:
        f.write("//! The evaluation's fitted numbers, written by `scripts/fit_xiangqi_eval.py`\n"
                "//! (`docs/ai-tuning.md` tells how): each for the opening, then the ending.\n\n"
                "/// Hundredths of a centipawn per unit of each of `features`' terms.\n"
                "#[rustfmt::skip]\n"
                f"pub(super) const WEIGHTS: [[i32; {len(START)}]; 2] = [\n"
                + "".join("    [" + ", ".join(str(round(n)) for n in w) + "],\n"
                          for w in weights)
                + "];\n\n"
                "/// Centipawns added to a piece of each kind, `[kind][ahead * 5 + off_centre]`\n"
                "/// (the point counted from its own side, as the placement table counts it).\n"
                "#[rustfmt::skip]\n"
                "pub(super) const CORRECTION: [[[i32; 50]; 7]; 2] = [\n"
                + "\n".join(table(c) for c in corrections) + "\n];\n")


def logistic(cp):
    return 1.0 / (1.0 + np.power(10.0, -cp / SCALE))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--engine", default="/usr/games/fairy-stockfish")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tempo", type=float, help="hold the side to move's weight at this "
                        "many centipawns instead of fitting it (it soaks up the captures that "
                        "positions that are not quiet offer)")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--smooth", type=float, default=1e-8,
                        help="how strongly a correction is held near its neighbours'")
    parser.add_argument("--scores", help="a file that keeps the engine's scores between runs "
                        "(FEN, tab, score or 'mate'): read when it exists, written when not")
    args = parser.parse_args()

    rows = {}
    for name in args.files:
        with open(name) as f:
            for line in f:
                fen, _result, terms = line.rstrip("\n").split("\t")
                rows[fen] = [int(t) for t in terms.split(",")]
    fens = sorted(rows)
    random.Random(args.seed).shuffle(fens)
    fens = fens[: args.positions]
    if args.scores and os.path.exists(args.scores):
        with open(args.scores) as f:
            known = dict(line.rstrip("\n").split("\t") for line in f)
        fens = [fen for fen in fens if fen in known]
        scores = [None if known[fen] == "mate" else int(known[fen]) for fen in fens]
    else:
        scores = engine_scores(args.engine, fens, args.depth)
        if args.scores:
            with open(args.scores, "w") as f:
                for fen, score in zip(fens, scores):
                    f.write(f"{fen}\t{'mate' if score is None else score}\n")
    kept = [(fen, s) for fen, s in zip(fens, scores) if s is not None and abs(s) < 3000]
    terms = np.array([rows[fen] for fen, _ in kept], dtype=float) / 100.0
    cells = np.array([correction_terms(fen) for fen, _ in kept])
    one = np.concatenate([terms, cells], axis=1)
    opening = np.array([phase(fen) for fen, _ in kept])[:, None]
    x = np.concatenate([one * opening, one * (1 - opening)], axis=1)
    target = logistic(np.array([s for _, s in kept], dtype=float))
    held_out = len(kept) // 5
    fit, test = slice(held_out, len(kept)), slice(0, held_out)
    # Each half of the parameters: the weights (in hundredths), then the corrections.
    half = one.shape[1]
    terms_of = [slice(0, len(START)), slice(half, half + len(START))]
    cells_of = [slice(len(START), half), slice(half + len(START), 2 * half)]
    start = np.zeros(2 * half)
    rate = np.full(2 * half, 0.5)
    for part in terms_of:
        start[part] = START
        rate[part] = np.maximum(np.abs(start[part]) * 0.02, 20.0)
    tempo = [part.start for part in terms_of]
    if args.tempo is not None:
        start[tempo] = 0.0
    laplacian = smoothness(len(KINDS)) * args.smooth

    def loss(w, part):
        return float(np.mean((logistic(x[part] @ w) - target[part]) ** 2))

    # Gradient descent (Adam), the steps scaled by each weight's size; the corrections start
    # at zero and are held near their neighbours.
    w = start.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for step in range(1, args.steps + 1):
        p = logistic(x[fit] @ w)
        grad = ((p - target[fit]) * p * (1 - p) * np.log(10) / SCALE) @ x[fit] * 2 / len(p)
        for part in cells_of:
            grad[part] += 2 * laplacian @ w[part]
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-12)
        if args.tempo is not None:
            w[tempo] = 0.0
    # The engine's centipawns are its own; the search's margins are in ours. Keep the start
    # position's material (a side's, 4800 cp, all opening) where it was, scaling every weight
    # alike.
    material = np.array([0, 2, 2, 2, 2, 2, 5, 0] + [0] * 10, dtype=float)
    red_start = np.maximum(correction_terms(START_FEN), 0)
    scale = (material @ START / 100) / (material @ w[terms_of[0]] / 100
                                        + red_start @ w[cells_of[0]])
    print(f"positions {len(kept)} (of {len(fens)} scored at depth {args.depth}), "
          f"{held_out} held out; mean squared error fitted {loss(start, fit):.5f} -> "
          f"{loss(w, fit):.5f}, held out {loss(start, test):.5f} -> {loss(w, test):.5f}",
          file=sys.stderr)
    w = w * scale
    if args.tempo is not None:
        w[tempo] = args.tempo * 100
    print(f"scaled by {scale:.3f} to keep a side's start material", file=sys.stderr)
    print(f"  {'':15} {'start':>7} {'opening':>8} {'ending':>7}", file=sys.stderr)
    for name, old, new, end in zip(NAMES, START, w[terms_of[0]], w[terms_of[1]]):
        print(f"  {name:15} {old:7} {round(new):8} {round(end):7}", file=sys.stderr)
    # Cells no position has (a general outside its palace) stay at zero.
    seen = np.abs(cells).sum(axis=0) > 0
    write_fitted([w[part] for part in terms_of],
                 [np.where(seen, w[part], 0.0) for part in cells_of])
    print(f"wrote {os.path.normpath(FITTED_FILE)}", file=sys.stderr)


if __name__ == "__main__":
    main()
