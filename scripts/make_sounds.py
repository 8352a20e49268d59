#!/usr/bin/env python3
"""Synthesize kawu's sound effects and background music into assets/sounds/.

Requirements (see scripts/requirements.txt):
    Python >= 3.9, numpy == 2.4.6 (any numpy >= 1.22 works),
    sox (Debian packages "sox" and "libsox-fmt-base": Ogg Vorbis) to encode.

Usage:
    python3 scripts/make_sounds.py          # write every file
    python3 scripts/make_sounds.py click    # only the named sounds

Everything is procedural: no samples, no third-party audio.  Random noise
comes from numpy generators with fixed seeds, so a re-run gives the same
files (byte-identical with the same numpy and sox versions).

Output: mono 44.1 kHz Ogg Vorbis (sox -C 3) for every file: the effects and
music.ogg, the 32 s background loop, which is rendered circularly (note
tails, delay and reverb wrap around the loop point) so it loops seamlessly.
Vorbis rather than WAV because the files are embedded in the game: in the
browser build they were over a megabyte of the download.
Every sound is normalised to a -3 dBFS peak (the background chime, meant to be
soft, to -9 dBFS; see QUIET) and starts/ends at silence.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import tempfile
import wave

import numpy as np

SR = 44100
REPO = pathlib.Path(__file__).resolve().parent.parent
OUT = REPO / "assets" / "sounds"
PEAK_DB = -3.0
TAU = 2 * np.pi


# ---------------------------------------------------------------- helpers


def ns(sec: float) -> int:
    return int(round(sec * SR))


def times(sec: float) -> np.ndarray:
    return np.arange(ns(sec)) / SR


def rng(name: str) -> np.random.Generator:
    """A generator seeded from the sound's name (stable across runs)."""
    seed = sum((i + 1) * ord(c) for i, c in enumerate(name)) + 1000
    return np.random.default_rng(seed)


def midi_hz(m: float) -> float:
    return 440.0 * 2 ** ((m - 69) / 12)


def ramp_in(x: np.ndarray, sec: float) -> np.ndarray:
    n = min(len(x), max(1, ns(sec)))
    x = x.copy()
    x[:n] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(n) / n)
    return x


def ramp_out(x: np.ndarray, sec: float) -> np.ndarray:
    n = min(len(x), max(1, ns(sec)))
    x = x.copy()
    x[-n:] *= 0.5 + 0.5 * np.cos(np.pi * (np.arange(n) + 1) / n)
    return x


def decay(sec: float, tau: float, attack: float = 0.001) -> np.ndarray:
    """Raised-cosine attack then exponential decay with time constant tau."""
    e = np.exp(-times(sec) / tau)
    return ramp_in(e, attack)


def gate(sec: float, attack: float, release: float, hold: float) -> np.ndarray:
    """Attack, sustain for `hold` seconds (from the start), then release."""
    n = ns(hold + release)
    e = np.ones(n)
    e = ramp_in(e, attack)
    r = ns(release)
    if r:
        e[-r:] *= 0.5 + 0.5 * np.cos(np.pi * (np.arange(r) + 1) / r)
    return e[: ns(sec)] if ns(sec) < n else np.pad(e, (0, ns(sec) - n))


def phase_of(freq: np.ndarray | float, n: int) -> np.ndarray:
    f = np.broadcast_to(np.asarray(freq, dtype=float), (n,))
    return TAU * np.cumsum(f) / SR


def glide(f0: float, f1: float, sec: float, glide_sec: float | None = None) -> np.ndarray:
    """Exponential frequency glide f0 -> f1 over glide_sec, then hold."""
    n = ns(sec)
    g = n if glide_sec is None else max(1, ns(glide_sec))
    k = np.minimum(np.arange(n) / g, 1.0)
    return f0 * (f1 / f0) ** k


def mix(buf: np.ndarray, x: np.ndarray, at: float, gain: float = 1.0) -> None:
    i = ns(at)
    if i >= len(buf):
        return
    m = min(len(x), len(buf) - i)
    buf[i : i + m] += gain * x[:m]


def mix_circular(buf: np.ndarray, x: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Add x at time `at`, wrapping whatever runs past the end to the start."""
    n = len(buf)
    idx = (ns(at) + np.arange(len(x))) % n
    np.add.at(buf, idx, gain * x)


def fft_filter(x: np.ndarray, lp: float | None = None, hp: float | None = None,
               order: int = 2, circular: bool = False) -> np.ndarray:
    """Zero-phase Butterworth-shaped low/high/band-pass (magnitude only).

    circular=True filters x as one period of a loop (no padding)."""
    n = len(x)
    m = n if circular else 1 << int(np.ceil(np.log2(n + SR // 4)))
    f = np.fft.rfftfreq(m, 1 / SR)
    h = np.ones_like(f)
    if lp:
        h /= np.sqrt(1 + (f / lp) ** (2 * order))
    if hp:
        h /= np.sqrt(1 + (hp / np.maximum(f, 1e-6)) ** (2 * order))
    return np.fft.irfft(np.fft.rfft(x, m) * h, m)[:n]


def svf(x: np.ndarray, fc: np.ndarray | float, q: float = 0.707,
        mode: str = "lp") -> np.ndarray:
    """Time-varying TPT state-variable filter (Zavalishin)."""
    n = len(x)
    fc = np.broadcast_to(np.asarray(fc, dtype=float), (n,))
    g = np.tan(np.pi * np.clip(fc, 10, SR * 0.45) / SR)
    k = 1.0 / q
    a1 = 1 / (1 + g * (g + k))
    a2 = g * a1
    a3 = g * a2
    ic1 = ic2 = 0.0
    y = np.empty(n)
    xs = x.tolist()
    a1l, a2l, a3l = a1.tolist(), a2.tolist(), a3.tolist()
    for i in range(n):
        v3 = xs[i] - ic2
        v1 = a1l[i] * ic1 + a2l[i] * v3
        v2 = ic2 + a2l[i] * ic1 + a3l[i] * v3
        ic1 = 2 * v1 - ic1
        ic2 = 2 * v2 - ic2
        if mode == "lp":
            y[i] = v2
        elif mode == "bp":
            y[i] = v1
        else:
            y[i] = xs[i] - k * v1 - v2
    return y


def modal(partials, sec: float, attack: float = 0.0005) -> np.ndarray:
    """Sum of exponentially damped sines: partials = [(freq, amp, tau), ...]."""
    t = times(sec)
    out = np.zeros_like(t)
    for f, a, tau in partials:
        if f < SR * 0.42:
            out += a * np.sin(TAU * f * t) * np.exp(-t / tau)
    return ramp_in(out, attack)


def noise_burst(r: np.random.Generator, sec: float, tau: float, lp=None, hp=None,
                attack: float = 0.0005) -> np.ndarray:
    x = fft_filter(r.standard_normal(ns(sec)), lp=lp, hp=hp)
    x /= np.max(np.abs(x)) + 1e-12
    return x * decay(sec, tau, attack)


def finish(x: np.ndarray, peak_db: float = PEAK_DB, tail_db: float = -60.0) -> np.ndarray:
    """DC-block, trim the silent tail, fade ends, normalise the peak."""
    x = fft_filter(x, hp=25, order=1)
    x = x / (np.max(np.abs(x)) + 1e-12)
    loud = np.nonzero(np.abs(x) > 10 ** (tail_db / 20))[0]
    end = min(len(x), (loud[-1] + ns(0.02)) if len(loud) else len(x))
    x = x[:end]
    x = ramp_in(x, 0.0015)
    x = ramp_out(x, min(0.03, len(x) / SR / 4))
    return x * (10 ** (peak_db / 20)) / (np.max(np.abs(x)) + 1e-12)


def write_wav(path: pathlib.Path, x: np.ndarray) -> None:
    pcm = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.tobytes())


# ------------------------------------------------------------ instruments


def wood_knock(sec=0.25, pitch=1.0, r=None) -> np.ndarray:
    x = modal([(380 * pitch, 1.0, 0.045), (1040 * pitch, 0.5, 0.022),
               (1870 * pitch, 0.25, 0.012), (2950 * pitch, 0.1, 0.007)], sec)
    if r is not None:
        x += 0.35 * noise_burst(r, sec, 0.002, lp=4000, hp=300)
    return x


def metal_hit(r, sec=0.7, pitch=1.0, length=1.0) -> np.ndarray:
    base = [(620, 1.0, 0.28), (1510, 0.6, 0.18), (2330, 0.45, 0.12),
            (3520, 0.22, 0.08), (4890, 0.1, 0.05)]
    parts = []
    for f, a, tau in base:
        parts.append((f * pitch, a, tau * length))
        parts.append((f * pitch + 3.1, 0.5 * a, tau * length * 0.9))  # beating
    x = modal(parts, sec)
    x += 0.6 * noise_burst(r, sec, 0.006, lp=7000, hp=1500)
    x += 0.4 * modal([(220 * pitch, 1.0, 0.06 * length)], sec)
    return fft_filter(x, lp=9000)


def thud(r, sec=0.4, f0=150.0, f1=55.0, tau=0.12) -> np.ndarray:
    f = glide(f0, f1, sec, 0.08)
    x = np.sin(phase_of(f, ns(sec))) * decay(sec, tau, 0.002)
    x += 0.45 * noise_burst(r, sec, 0.04, lp=400, attack=0.002)
    return x


def harmonic_tone(freq, sec, amps, attack=0.01, tau=None, release=0.08,
                  hold=None, vibrato=0.0, vib_rate=5.5, vib_delay=0.15) -> np.ndarray:
    """Additive tone with a given harmonic amplitude list."""
    n = ns(sec)
    t = np.arange(n) / SR
    f = np.broadcast_to(np.asarray(freq, dtype=float), (n,)).copy()
    if vibrato:
        f *= 1 + vibrato * np.sin(TAU * vib_rate * t) * np.clip((t - vib_delay) / 0.2, 0, 1)
    ph = phase_of(f, n)
    x = np.zeros(n)
    fmax = float(np.max(f))
    for k, a in enumerate(amps, start=1):
        if a and k * fmax < 11000:
            x += a * np.sin(k * ph)
    if tau is not None:
        env = decay(sec, tau, attack)
    else:
        env = gate(sec, attack, release, hold if hold is not None else sec - release)
    return x * env


def brass(freq, hold, release=0.12, level=1.0) -> np.ndarray:
    """Soft brass: saw-like harmonics whose brightness follows the attack."""
    sec = hold + release
    n = ns(sec)
    t = np.arange(n) / SR
    f = freq * (1 + 0.0035 * np.sin(TAU * 5.2 * t) * np.clip((t - 0.18) / 0.25, 0, 1))
    f *= 1 - 0.012 * np.exp(-t / 0.03)  # slight scoop into the note
    ph = phase_of(f, n)
    bright = 0.55 + 0.45 * np.exp(-t / 0.18)
    bright *= np.clip(t / 0.025, 0.3, 1)
    x = np.zeros(n)
    for k in range(1, 14):
        if k * freq > 9000:
            break
        x += (1 / k) * np.exp(-(k - 1) / (0.7 + 4.5 * bright)) * np.sin(k * ph)
    env = gate(sec, 0.018, release, hold)
    env *= 0.85 + 0.15 * np.exp(-t / 0.1)
    return level * x * env


def bell(freq, sec=1.5, level=1.0) -> np.ndarray:
    ratios = [(1.0, 1.0, 1.0), (2.0, 0.45, 0.6), (2.76, 0.3, 0.4),
              (4.07, 0.15, 0.25), (5.43, 0.08, 0.15)]
    return level * modal([(freq * r, a, 0.9 * t) for r, a, t in ratios], sec, 0.002)


def marimba(freq, level=1.0) -> np.ndarray:
    tau = float(np.clip(0.55 * (330 / freq) ** 0.6, 0.18, 0.8))
    sec = min(3.0, 6 * tau)
    x = modal([(freq, 1.0, tau), (freq * 3.93, 0.22, tau * 0.22),
               (freq * 9.5, 0.04, tau * 0.07), (freq * 2.0, 0.05, tau * 0.5)],
              sec, 0.0025)
    return level * x


def pluck(freq, level=1.0, tau0=0.9) -> np.ndarray:
    sec = min(3.0, 5 * tau0)
    parts = []
    for k in range(1, 11):
        if k * freq > 8000:
            break
        a = abs(np.sin(np.pi * k * 0.23)) / k ** 1.3
        parts.append((freq * k * (1 + 0.0004 * k * k), a, tau0 / (1 + 0.55 * (k - 1))))
    return level * modal(parts, sec, 0.003)


def pad_voice(freq, hold, attack=0.9, release=1.2, level=1.0) -> np.ndarray:
    sec = hold + release
    x = np.zeros(ns(sec))
    for det in (-0.0028, 0.0031):
        x += harmonic_tone(freq * (1 + det), sec, [1, 0.28, 0.12, 0.05, 0.025, 0.01],
                           attack=attack, release=release, hold=hold)
    return level * 0.5 * x


def epiano(freq, hold, release=0.25, level=1.0) -> np.ndarray:
    sec = hold + release
    n = ns(sec)
    t = np.arange(n) / SR
    index = 1.1 * np.exp(-t / 0.12) + 0.15
    x = np.sin(TAU * freq * t + index * np.sin(TAU * freq * t))
    x += 0.25 * np.sin(TAU * 2 * freq * t) * np.exp(-t / 0.3)
    env = np.exp(-t / 1.4) * gate(sec, 0.003, release, hold)
    return level * x * env


def reed(freq, hold, release=0.25, level=1.0, bend=0.0) -> np.ndarray:
    """Soft clarinet/flute-like tone (odd harmonics) with vibrato."""
    sec = hold + release
    n = ns(sec)
    t = np.arange(n) / SR
    f = np.full(n, float(freq))
    if bend:
        f *= 2 ** (bend / 1200 * np.clip((t - hold * 0.5) / (hold * 0.5 + 1e-9), 0, 1))
    x = harmonic_tone(f, sec, [1, 0.08, 0.3, 0.04, 0.12, 0.02, 0.04],
                      attack=0.06, release=release, hold=hold, vibrato=0.005,
                      vib_rate=4.8, vib_delay=0.2)
    return level * fft_filter(x, lp=3500)


def timpani(r, freq, sec=1.2, level=1.0) -> np.ndarray:
    x = modal([(freq, 1.0, 0.55), (freq * 1.5, 0.5, 0.35), (freq * 1.99, 0.3, 0.25),
               (freq * 2.44, 0.15, 0.15)], sec, 0.003)
    x += 0.5 * noise_burst(r, sec, 0.03, lp=500, attack=0.002)
    return level * x


# ---------------------------------------------------------------- effects


def s_flip():
    r = rng("flip")
    buf = np.zeros(ns(0.25))
    w = fft_filter(r.standard_normal(ns(0.085)), lp=5000, hp=800)
    w *= np.sin(np.pi * np.linspace(0, 1, len(w))) ** 2
    mix(buf, w / np.max(np.abs(w)), 0.0, 0.3)
    mix(buf, noise_burst(r, 0.15, 0.004, lp=9000, hp=2000), 0.07, 1.0)
    mix(buf, modal([(1800, 0.35, 0.012), (3100, 0.15, 0.008), (180, 0.45, 0.02)], 0.15),
        0.07)
    return fft_filter(buf, lp=10000)


def s_move():
    r = rng("move")
    buf = np.zeros(ns(0.32))
    s = fft_filter(r.standard_normal(ns(0.1)), lp=1200, hp=150)
    s *= np.sin(np.pi * np.linspace(0, 1, len(s))) ** 1.5
    mix(buf, s / np.max(np.abs(s)), 0.0, 0.22)
    mix(buf, wood_knock(0.22, 1.0, r), 0.085, 1.0)
    return buf


def s_rail():
    r = rng("rail")
    sec = 0.95
    buf = np.zeros(ns(sec))
    n = ns(0.78)
    u = np.linspace(0, 1, n)
    fc = 450 + 1700 * np.sin(np.pi * u) ** 1.5
    sw = svf(r.standard_normal(n), fc, q=1.3, mode="bp")
    env = np.sin(np.pi * u) ** 1.6
    sw = sw * env / np.max(np.abs(sw * env))
    mix(buf, sw, 0.0, 0.55)
    rum = fft_filter(r.standard_normal(n), lp=260, hp=40)
    mix(buf, rum * env / np.max(np.abs(rum)), 0.0, 0.3)
    clack = modal([(900, 1.0, 0.015), (2400, 0.4, 0.008)], 0.08)
    for at in (0.17, 0.25, 0.45, 0.53):
        mix(buf, clack, at, 0.16)
    mix(buf, wood_knock(0.2, 0.95, r), 0.72, 0.75)
    return fft_filter(buf, lp=7000)


def s_clash():
    r = rng("clash")
    return metal_hit(r, 0.75)


def s_win_attack():
    r = rng("win_attack")
    buf = np.zeros(ns(0.62))
    mix(buf, metal_hit(r, 0.35, 1.15, 0.45), 0.0, 0.7)
    mix(buf, wood_knock(0.2, 1.1, r), 0.0, 0.5)
    f = glide(midi_hz(67), midi_hz(79), 0.5, 0.16)
    tone = harmonic_tone(f, 0.5, [1, 0.3, 0.15, 0.05], attack=0.012, release=0.2,
                         hold=0.3)
    mix(buf, tone, 0.07, 0.45)
    mix(buf, bell(midi_hz(91), 0.4), 0.24, 0.12)
    return buf


def s_lose_attack():
    r = rng("lose_attack")
    buf = np.zeros(ns(0.75))
    mix(buf, thud(r, 0.45), 0.0, 1.0)
    f = glide(midi_hz(69), midi_hz(57), 0.6, 0.42)
    tone = harmonic_tone(f, 0.6, [1, 0, 0.11, 0, 0.04, 0, 0.02], attack=0.02,
                         release=0.2, hold=0.4, vibrato=0.006, vib_delay=0.25)
    mix(buf, tone, 0.09, 0.42)
    return buf


def s_trade():
    r = rng("trade")
    buf = np.zeros(ns(0.65))
    mix(buf, metal_hit(r, 0.5, 1.0, 0.6), 0.0, 0.8)
    mix(buf, thud(r, 0.3, 140, 60, 0.08), 0.0, 0.35)
    mix(buf, metal_hit(r, 0.5, 0.84, 0.7), 0.13, 0.75)
    mix(buf, thud(r, 0.3, 120, 50, 0.08), 0.13, 0.35)
    return buf


def s_bomb():
    r = rng("bomb")
    sec = 1.6
    n = ns(sec)
    buf = np.zeros(n)
    mix(buf, noise_burst(r, 0.2, 0.015, lp=6000, attack=0.001), 0.0, 0.5)
    fc = 3500 * (150 / 3500) ** np.minimum(np.arange(n) / ns(1.2), 1.0)
    blast = svf(r.standard_normal(n), fc, q=0.8)
    blast = blast / np.max(np.abs(blast)) * decay(sec, 0.35, 0.003)
    mix(buf, blast, 0.0, 0.9)
    f = glide(75, 32, sec, 0.6)
    boom = (np.sin(phase_of(f, n)) + 0.3 * np.sin(2 * phase_of(f, n)))
    mix(buf, boom * decay(sec, 0.42, 0.005), 0.0, 0.9)
    brown = np.cumsum(r.standard_normal(n))
    rum = fft_filter(brown, lp=180, hp=25)
    rum = rum / np.max(np.abs(rum)) * decay(sec, 0.45, 0.05)
    mix(buf, rum, 0.03, 0.5)
    return fft_filter(buf, lp=7000)


def s_mine():
    r = rng("mine")
    sec = 1.2
    buf = np.zeros(ns(sec))
    tick = modal([(2600, 1.0, 0.01), (4100, 0.5, 0.006)], 0.06)
    tick += 0.5 * noise_burst(r, 0.06, 0.001, lp=8000, hp=1500)
    mix(buf, tick, 0.0, 0.35)
    mix(buf, tick, 0.045, 0.25)
    n = ns(1.05)
    fc = 1200 * (110 / 1200) ** np.minimum(np.arange(n) / ns(0.7), 1.0)
    blast = svf(r.standard_normal(n), fc, q=0.7)
    blast = blast / np.max(np.abs(blast)) * decay(1.05, 0.22, 0.006)
    mix(buf, blast, 0.13, 0.8)
    f = glide(68, 38, 1.05, 0.4)
    mix(buf, np.sin(phase_of(f, n)) * decay(1.05, 0.35, 0.006), 0.13, 0.9)
    return fft_filter(buf, lp=5000)


def s_flag():
    buf = np.zeros(ns(1.2))
    notes = [(0.0, 67, 0.1), (0.12, 72, 0.1), (0.24, 76, 0.1), (0.36, 79, 0.55)]
    for at, m, hold in notes:
        mix(buf, brass(midi_hz(m), hold), at, 0.5)
    for m in (72, 76):
        mix(buf, brass(midi_hz(m), 0.55, level=0.6), 0.36, 0.3)
    mix(buf, bell(midi_hz(91), 0.7), 0.36, 0.08)
    return fft_filter(buf, lp=7500)


def s_victory():
    r = rng("victory")
    buf = np.zeros(ns(2.8))
    melody = [(0.0, 67, 0.09), (0.12, 67, 0.09), (0.24, 67, 0.09), (0.36, 72, 0.42),
              (0.84, 76, 0.18), (1.05, 74, 0.12), (1.22, 79, 1.15)]
    for at, m, hold in melody:
        mix(buf, brass(midi_hz(m), hold, release=0.25), at, 0.45)
    for m in (60, 64, 67, 72):  # final C major chord under the top G
        mix(buf, brass(midi_hz(m), 1.1, release=0.35, level=0.7), 1.22, 0.22)
    for i, m in enumerate((84, 88, 91, 96)):  # sparkle
        mix(buf, bell(midi_hz(m), 1.2), 1.25 + 0.07 * i, 0.07)
    mix(buf, timpani(r, midi_hz(43)), 0.36, 0.45)
    mix(buf, timpani(r, midi_hz(48)), 1.22, 0.5)
    return fft_filter(buf, lp=8000)


def s_defeat():
    buf = np.zeros(ns(2.4))
    phrase = [(0.0, 76, 0.3), (0.38, 74, 0.3), (0.76, 72, 0.3), (1.14, 69, 0.85)]
    for i, (at, m, hold) in enumerate(phrase):
        bend = -35 if i == len(phrase) - 1 else 0
        mix(buf, reed(midi_hz(m), hold, release=0.3, bend=bend), at, 0.5)
    for m in (57, 60, 64):  # A minor pad under the last note
        mix(buf, pad_voice(midi_hz(m), 0.9, attack=0.35, release=0.35), 1.0, 0.16)
    return buf


def s_draw():
    buf = np.zeros(ns(1.7))
    chords = [(0.0, [41, 53, 57, 60, 65], 0.55), (0.65, [36, 48, 55, 60, 64], 0.8)]
    for at, notes, hold in chords:
        for i, m in enumerate(notes):
            lvl = 0.5 if i == 0 else 0.28
            mix(buf, epiano(midi_hz(m), hold, release=0.3), at + 0.012 * i, lvl)
    return fft_filter(buf, lp=6000)


def s_click():
    r = rng("click")
    x = modal([(1500, 1.0, 0.008), (3000, 0.3, 0.004)], 0.06, 0.0005)
    x += 0.2 * noise_burst(r, 0.06, 0.001, lp=5000)
    return x


def s_capture():
    """A move that takes: the slide, a hard double clack of piece on piece, and the taken
    piece clattering off the board (the games of points; Junqi's attacks have their own)."""
    r = rng("capture")
    buf = np.zeros(ns(0.5))
    s = fft_filter(r.standard_normal(ns(0.09)), lp=1400, hp=180)
    s *= np.sin(np.pi * np.linspace(0, 1, len(s))) ** 1.5
    mix(buf, s / np.max(np.abs(s)), 0.0, 0.2)
    mix(buf, wood_knock(0.22, 0.8, r), 0.075, 1.0)
    mix(buf, wood_knock(0.2, 1.3, r), 0.081, 0.85)
    mix(buf, thud(r, 0.25, 170, 70, 0.05), 0.075, 0.45)
    mix(buf, noise_burst(r, 0.05, 0.003, lp=6000, hp=900), 0.075, 0.35)
    for at, pitch, gain in ((0.19, 1.9, 0.4), (0.25, 2.05, 0.28), (0.3, 1.8, 0.18),
                            (0.335, 2.2, 0.1)):
        mix(buf, wood_knock(0.12, pitch), at, gain)
    return fft_filter(buf, lp=9000)


def s_check():
    """Check (and a Ruler under attack): a struck bell and a short rising call, played with
    the "check!" announcement."""
    r = rng("check")
    buf = np.zeros(ns(0.8))
    mix(buf, metal_hit(r, 0.45, 1.5, 0.35), 0.0, 0.45)
    mix(buf, brass(midi_hz(74), 0.08, release=0.06), 0.02, 0.55)
    mix(buf, brass(midi_hz(79), 0.26, release=0.16), 0.14, 0.6)
    mix(buf, brass(midi_hz(83), 0.26, release=0.16, level=0.6), 0.14, 0.3)
    mix(buf, bell(midi_hz(91), 0.5), 0.14, 0.1)
    return fft_filter(buf, lp=8500)


def s_tick():
    """One second of a move clock's last ten: a dry woodblock tick, higher and shorter than
    the interface click."""
    r = rng("tick")
    x = modal([(2350, 1.0, 0.012), (5300, 0.35, 0.005), (880, 0.3, 0.02)], 0.08, 0.0004)
    x += 0.25 * noise_burst(r, 0.08, 0.0012, lp=9000, hp=2500)
    return x


def s_opponent_moved():
    """The opponent moved while the window was in the background: two soft bell tones,
    falling a fourth."""
    buf = np.zeros(ns(1.3))
    for at, m in ((0.0, 81), (0.16, 76)):
        tone = modal([(midi_hz(m), 1.0, 0.45), (2 * midi_hz(m), 0.12, 0.2),
                      (3.01 * midi_hz(m), 0.03, 0.1)], 1.1, 0.012)
        mix(buf, tone, at, 0.6)
    return fft_filter(buf, lp=6000)


# ------------------------------------------------------------------ music

BPM = 90
BEAT = 60 / BPM
BARS = 12
LOOP = BARS * 4 * BEAT  # 32 s

# (bass midi, pad voicing) per chord, each chord lasts two bars.
CHORDS = [
    (43, [55, 59, 62, 69]),  # G(add9)
    (40, [52, 59, 62, 67]),  # Em7
    (36, [48, 55, 62, 64]),  # C(add9)
    (47, [55, 59, 62, 67]),  # G/B
    (45, [57, 60, 64, 67]),  # Am7
    (38, [50, 57, 62, 67]),  # Dsus4 (-> D in the last bar)
]

# Melody in G major pentatonic (G A B D E): (midi or None for rest, beats).
N = dict(D4=62, E4=64, G4=67, A4=69, B4=71, D5=74, E5=76, G5=79, A5=81)
MELODY_TEXT = """
B4 1   D5 .5  E5 .5  D5 1   B4 1
A4 .5  B4 .5  G4 1.5 -  1.5
E5 1   D5 .5  B4 .5  D5 1   E5 1
G5 1.5 E5 .5  D5 2
E5 .5  D5 .5  B4 1   A4 1   G4 1
A4 1   E4 1   G4 2
D5 1   B4 .5  D5 .5  E5 1   G5 1
A5 1.5 G5 .5  E5 2
E5 1   G5 .5  E5 .5  D5 1   B4 1
A4 1.5 B4 .5  A4 1   E4 1
D4 .5  E4 .5  G4 1   A4 1   D5 1
A4 1.5 G4 .5  A4 2
"""


def parse_melody():
    tok = MELODY_TEXT.split()
    out, beat = [], 0.0
    for name, dur in zip(tok[::2], tok[1::2]):
        d = float(dur)
        if name != "-":
            out.append((beat, N[name], d))
        beat += d
    assert abs(beat - BARS * 4) < 1e-9, beat
    return out


def s_music():
    r = rng("music")
    n = ns(LOOP)
    lead = np.zeros(n)
    back = np.zeros(n)
    # Lead: marimba melody (+ a quiet octave-up doubling on long notes).
    for beat, m, d in parse_melody():
        at = beat * BEAT
        vel = 0.9 + 0.1 * r.random()
        mix_circular(lead, marimba(midi_hz(m)), at, 0.55 * vel)
        if d >= 1.5:
            mix_circular(lead, bell(midi_hz(m + 12), 1.2), at, 0.035)
    # Dotted-eighth echo on the lead (circular, so it wraps around the loop).
    lead += 0.28 * np.roll(lead, ns(0.75 * BEAT)) + 0.1 * np.roll(lead, ns(1.5 * BEAT))
    for ci, (bass, voicing) in enumerate(CHORDS):
        t0 = ci * 8 * BEAT
        last = ci == len(CHORDS) - 1
        # Pad: one long chord per two bars, overlapping cross-fades.
        for m in voicing:
            mix_circular(back, pad_voice(midi_hz(m), 8 * BEAT, attack=1.0, release=1.4),
                         t0 - 0.3, 0.07)
        # Arpeggio: soft plucked eighths.
        pattern = [0, 1, 2, 3, 2, 1, 2, 3]
        for bar in range(2):
            notes = list(voicing)
            if last and bar == 1:
                notes = [50, 57, 62, 66]  # D major: leads back to G
            for i, p in enumerate(pattern):
                at = t0 + bar * 4 * BEAT + i * BEAT / 2
                vel = (1.0 if i % 2 == 0 else 0.75) * (0.9 + 0.1 * r.random())
                mix_circular(back, pluck(midi_hz(notes[p]), tau0=0.5), at, 0.085 * vel)
            # Bass: root on beat 1, fifth on beat 3.
            root = bass
            mix_circular(back, harmonic_tone(midi_hz(root), 2.4, [1, 0.25, 0.08],
                                             attack=0.02, tau=0.9), t0 + bar * 4 * BEAT,
                         0.26)
            mix_circular(back, harmonic_tone(midi_hz(root + 7), 2.4, [1, 0.25, 0.08],
                                             attack=0.02, tau=0.9),
                         t0 + bar * 4 * BEAT + 2 * BEAT, 0.18)
        # A soft wood tick on beat 1 of every chord.
        mix_circular(back, wood_knock(0.2, 1.6), t0, 0.05)
    dry = lead + back
    # Circular convolution reverb: the tail wraps into the loop start.
    ir_len = ns(2.2)
    ir = r.standard_normal(ir_len) * np.exp(-np.arange(ir_len) / SR / 0.5)
    ir = fft_filter(ir, lp=4500, hp=150)
    ir[: ns(0.015)] = 0  # predelay
    ir /= np.sqrt(np.sum(ir**2))
    irp = np.zeros(n)
    irp[:ir_len] = ir
    wet = np.fft.irfft(np.fft.rfft(dry) * np.fft.rfft(irp), n)
    out = dry + 0.35 * wet * (np.std(dry) / (np.std(wet) + 1e-12))
    out = fft_filter(out, lp=9000, hp=35, order=1, circular=True)
    # No trimming or fades: the loop must join itself.
    return out * (10 ** (PEAK_DB / 20)) / np.max(np.abs(out))


EFFECTS = {
    "flip": s_flip,
    "move": s_move,
    "rail": s_rail,
    "clash": s_clash,
    "win_attack": s_win_attack,
    "lose_attack": s_lose_attack,
    "trade": s_trade,
    "bomb": s_bomb,
    "mine": s_mine,
    "flag": s_flag,
    "victory": s_victory,
    "defeat": s_defeat,
    "draw": s_draw,
    "click": s_click,
    "capture": s_capture,
    "check": s_check,
    "tick": s_tick,
    "opponent_moved": s_opponent_moved,
}


# Sounds normalised below PEAK_DB: the chime for a move made while the window is in the
# background sits under the game's own sounds.
QUIET = {"opponent_moved": -9.0}


def write_ogg(path: pathlib.Path, x: np.ndarray) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        wav = pathlib.Path(tmp) / "sound.wav"
        write_wav(wav, x)
        # -R: repeatable (fixed random seeds), -D: no dither; -C 3: quality 3.
        subprocess.run(["sox", "-R", "-D", str(wav), "-C", "3", str(path)], check=True)


def main(argv: list[str]) -> int:
    names = argv or [*EFFECTS, "music"]
    unknown = [a for a in names if a not in EFFECTS and a != "music"]
    if unknown:
        print("unknown sound(s): " + ", ".join(unknown), file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names:
        if name == "music":
            x = s_music()
        else:
            x = finish(EFFECTS[name](), QUIET.get(name, PEAK_DB))
        path = OUT / f"{name}.ogg"
        write_ogg(path, x)
        rms = 20 * np.log10(np.sqrt(np.mean(x**2)) + 1e-12)
        print(f"{path.name:18s} {len(x) / SR:6.2f} s  peak "
              f"{20 * np.log10(np.max(np.abs(x))):5.1f} dBFS  rms {rms:6.1f} dBFS  "
              f"{path.stat().st_size:8d} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
