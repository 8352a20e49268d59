#!/usr/bin/env python3
"""Fits the Xiangqi evaluation's WEIGHTS (src/ai/xiangqi/eval.rs) to a reference engine's
scores, Texel-style: the logistic of our evaluation should match the logistic of the engine's
score of the same position.

    kawu-cli xiangqi eval-data --level easy --games 300 --seed 7 > positions.tsv
    python3 scripts/fit_xiangqi_eval.py positions.tsv [more.tsv ...] \
        --engine /usr/games/fairy-stockfish --depth 8 --positions 3000 [--scores scores.tsv]

The engine's scores are data only: each position is sent to it over UCI (`go depth N`) and
the score it reports is read back. Prints the fitted WEIGHTS as a Rust array.
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


def engine_scores(engine, fens, depth):
    """The engine's score of each FEN, for Red, in centipawns (None for a mate)."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(prefix):
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    send("uci")
    until("uciok")
    send("setoption name UCI_Variant value xiangqi")
    send("isready")
    until("readyok")
    scores = []
    for index, fen in enumerate(fens):
        send("position fen " + fen)
        send(f"go depth {depth}")
        score = None
        for line in until("bestmove"):
            words = line.split()
            if "score" in words:
                at = words.index("score")
                score = int(words[at + 2]) if words[at + 1] == "cp" else None
        if score is not None and fen.split()[1] == "b":
            score = -score
        scores.append(score)
        if index % 500 == 0:
            print(f"scored {index}/{len(fens)}", file=sys.stderr)
    send("quit")
    return scores


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
    kept = [(rows[fen], s) for fen, s in zip(fens, scores) if s is not None and abs(s) < 3000]
    x = np.array([k for k, _ in kept], dtype=float)
    target = logistic(np.array([s for _, s in kept], dtype=float))
    w = np.array(START, dtype=float)
    if args.tempo is not None:
        w[0] = 0.0

    def loss(w):
        return float(np.mean((logistic(x @ w / 100.0) - target) ** 2))

    before = loss(w)
    # Gradient descent with per-term steps scaled by each term's spread (Adam).
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    rate = np.maximum(np.abs(w) * 0.02, 20.0)
    for step in range(1, 3001):
        p = logistic(x @ w / 100.0)
        grad = ((p - target) * p * (1 - p) * np.log(10) / SCALE / 100.0) @ x * 2 / len(x)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-12)
        if args.tempo is not None:
            w[0] = 0.0
    after = loss(w)
    # The engine's centipawns are its own; the search's margins are in ours. Keep the start
    # position's material (a side's, 4800 cp) where it was, scaling every weight alike.
    material = [0, 2, 2, 2, 2, 2, 5, 0] + [0] * 10
    scale = np.dot(material, START) / np.dot(material, w)
    w = w * scale
    if args.tempo is not None:
        w[0] = args.tempo * 100
    print(f"scaled by {scale:.3f} to keep a side's start material", file=sys.stderr)
    print(f"positions {len(kept)} (of {len(fens)} scored at depth {args.depth}); "
          f"mean squared error {before:.5f} -> {after:.5f}", file=sys.stderr)
    for name, old, new in zip(NAMES, START, w):
        print(f"  {name:15} {old:7} -> {round(new):7}", file=sys.stderr)
    print("[" + ", ".join(str(round(n)) for n in w) + "]")


if __name__ == "__main__":
    main()
