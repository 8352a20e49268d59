#!/usr/bin/env python3
"""Fits the flag-danger model of src/ai/eval.rs (FLAG_WEIGHTS) by logistic regression.

    cargo run --release --no-default-features --bin kawu-cli -- \\
        junqi flag-data --level medium --games 2000 --seed 31 > flags.csv
    python3 scripts/fit_flag_model.py flags.csv

The CSV has a header `game,owner_lost,<features>`; each line is one face-up flag in one
position. Prints the log-loss of the fit and of the base rate, then the weights as a Rust
array in the order of FLAG_FEATURES. Needs numpy.
"""
import sys

import numpy as np


def fit(features, lost, iterations=50, ridge=1e-3):
    """Newton's method on the logistic log-likelihood, with a small ridge for stability."""
    weights = np.zeros(features.shape[1])
    for _ in range(iterations):
        chance = 1 / (1 + np.exp(-features @ weights))
        gradient = features.T @ (chance - lost)
        hessian = (features * (chance * (1 - chance))[:, None]).T @ features
        weights -= np.linalg.solve(hessian + ridge * np.eye(len(weights)), gradient)
    return weights


def log_loss(chance, lost):
    chance = np.clip(chance, 1e-9, 1 - 1e-9)
    return -np.mean(lost * np.log(chance) + (1 - lost) * np.log(1 - chance))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fit_flag_model.py flags.csv")
    with open(sys.argv[1]) as csv:
        header = csv.readline().strip().split(",")
    data = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1, ndmin=2)
    if len(data) == 0:
        sys.exit("no rows: no game showed a flag")
    names, lost, features = header[2:], data[:, 1], data[:, 2:]
    weights = fit(features, lost)
    base = lost.mean()
    print(f"rows {len(lost)}, owner lost {base:.3f}")
    print(f"log-loss {log_loss(1 / (1 + np.exp(-features @ weights)), lost):.4f}, "
          f"base rate {log_loss(np.full_like(lost, base), lost):.4f}")
    for name, weight in zip(names, weights):
        print(f"  {name:36} {weight:+.3f}")
    print(f"const FLAG_WEIGHTS: [f64; {len(weights)}] = [")
    print("    " + ", ".join(f"{w:.3f}" for w in weights) + ",")
    print("];")


if __name__ == "__main__":
    main()
