// The browser test: serves the web build on loopback, loads it in Debian's Chromium (headless,
// WebGL2 through SwiftShader), waits for the first frame, starts a two-player game from the menu,
// flips a piece, checks the page changed where it should and that the autosave reached the
// browser's storage, then plays a flip against the computer and checks that it answers from its
// Web Worker without freezing the page, that a setting stored in the browser is applied after a reload, and that a
// few Xiangqi moves play, and that a second visit starts from the service worker's cache
// without downloading the game again. Then Qiguo for four (a person, three computers): a move
// and the computers' five answers; Junqi classic for two: both armies deployed behind the cover,
// a move each. With a `kawu-server` binary it then plays Junqi on two
// pages through the server (the second opens the invite link). Last, a phone run: a 390×844 touch screen,
// upright, plays a two-player game by taps. Screenshots are kept in the output folder. It clicks
// by name: the game, opened with `?places`, tells where each button, field and point is.
// The `worker` part loads the computer players' Web Worker alone, checks that it answers the
// positions of tests/data/think-requests.json as the native kawu-cli does (KAWU_CLI, by default
// <target>/debug/kawu-cli), and times a Hard answer of each game in the worker and natively.
// It needs only the worker's files: `build-web.sh --worker-only` makes them (docs/web.md).
//
//   node tests/web/browser-test.mjs <web build folder> [screenshot folder] [kawu-server binary]

import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const site = resolve(process.argv[2] ?? 'target/kawu-web');
const shots = resolve(process.argv[3] ?? join(site, '..', 'web-screenshots'));
const serverBinary = process.argv[4];
mkdirSync(shots, { recursive: true });

// The window the game is tested in.
const VIEWPORT = { width: 1280, height: 800 };
/// The phone's screen (CSS pixels), upright.
const PHONE = { width: 390, height: 844 };
/// The interface's words by message id, in the languages the test reads the menus in: the
/// files the game embeds. A button's place is named by its words (see `place`).
const WORDS = Object.fromEntries(
  ['en', 'ru'].map((lang) => {
    const file = readFileSync(new URL(`../../assets/i18n/${lang}.ftl`, import.meta.url), 'utf8');
    const lines = file.split('\n').map((line) => line.match(/^([a-z0-9-]+) = (.+)$/)).filter(Boolean);
    return [lang, Object.fromEntries(lines.map(([, id, text]) => [id, text.trim()]))];
  }),
);
/// The words of message `id` in `lang`.
function word(id, lang = 'en') {
  return WORDS[lang][id] ?? fail(`no message ${id} in ${lang}.ftl`);
}
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
};

/// Every file the test server sent, with its size: a second visit must download nothing.
const served = [];

/// The empty page the worker part starts the worker from (the worker needs a page of its
/// origin, and a worker-only build has no index.html).
const WORKER_PAGE = '/worker-test.html';

function serve(root) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === WORKER_PAGE) {
      response.writeHead(200, { 'content-type': TYPES['.html'] }).end('<!doctype html><title>worker</title><link rel="icon" href="data:,">');
      return;
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
      });
      response.end(body);
      served.push({ path, bytes: body.length });
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

function fail(message) {
  throw new Error(message);
}

/// Where the button, field or board point named `name` is on the page now, as the game says:
/// `window.__kawuPlaces` (published when the address has `?places`) maps names to centres and
/// sizes in the canvas's CSS pixels. Buttons are named by their words, choices by their row
/// (`seat 2 Medium`, `game Xiangqi`, `players 4`), points as `point e3`. Waits for it to show.
async function place(page, name, timeout = 30000) {
  const started = Date.now();
  for (;;) {
    const found = await page.evaluate((name) => {
      const places = JSON.parse(window.__kawuPlaces ?? '{}');
      const box = document.getElementById('kawu-canvas').getBoundingClientRect();
      const at = places[name];
      if (!at) return { names: Object.keys(places).filter((n) => !n.startsWith('point ')) };
      const [x, y, w, h] = at;
      return { x: box.left + x, y: box.top + y, w, h };
    }, name);
    if (found.x !== undefined) return found;
    if (Date.now() - started > timeout) {
      fail(`nothing named "${name}" on the page; it names: ${found.names.join(', ')}`);
    }
    await page.waitForTimeout(200);
  }
}

/// Whether the page names `name` now.
async function names(page, name) {
  return page.evaluate((name) => name in JSON.parse(window.__kawuPlaces ?? '{}'), name);
}

/// The rectangle a place covers, for comparing screenshots.
function area({ x, y, w, h }) {
  return {
    x0: Math.round(x - w / 2),
    y0: Math.round(y - h / 2),
    x1: Math.round(x + w / 2),
    y1: Math.round(y + h / 2),
  };
}

/// A place given by name is looked up now (it may have moved); a position is taken as it is.
async function at(page, target) {
  return typeof target === 'string' ? place(page, target) : target;
}

/// Decodes a screenshot.
function decode(buffer) {
  return PNG.sync.read(buffer);
}

/// The mean colour of a square of the picture around (x, y).
function meanColour(png, x, y, half = 6) {
  const sum = [0, 0, 0];
  let count = 0;
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      const i = ((y + dy) * png.width + (x + dx)) * 4;
      for (let c = 0; c < 3; c++) sum[c] += png.data[i + c];
      count++;
    }
  }
  return sum.map((v) => v / count);
}

/// How many distinct colours (in 4-bit-per-channel buckets) a picture has.
function colourBuckets(png) {
  const buckets = new Set();
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    buckets.add((png.data[i] >> 4) * 256 + (png.data[i + 1] >> 4) * 16 + (png.data[i + 2] >> 4));
  }
  return buckets.size;
}

/// The count, median and longest of a list of frame gaps.
function summarise(gaps) {
  const sorted = [...gaps].sort((a, b) => a - b);
  return { frames: sorted.length, median: sorted[sorted.length >> 1] ?? 0, longest: sorted.at(-1) ?? 0 };
}

function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

async function shoot(page, name) {
  // A software-rendered page under load can take long over a frame.
  const buffer = await page.screenshot({ path: join(shots, `${name}.png`), timeout: 120000 });
  return decode(buffer);
}

/// Waits until the page has drawn `count` more frames (the game reads its input once a frame).
async function frames(page, count = 2) {
  await page.evaluate(async (count) => {
    for (let frame = 0; frame < count; frame++) await new Promise(requestAnimationFrame);
  }, count);
}

/// Clicks at `at`: the pointer arrives and rests for a few frames (egui wants to see it over a
/// button; a page just opened may still be moving it), presses and releases, and rests again:
/// the game takes a press where the pointer is at its next frame, so a pointer gone before
/// then would press elsewhere.
async function press(page, target) {
  let { x, y } = await at(page, target);
  for (let rests = 0; rests < 4; rests++) {
    await page.mouse.move(x, y, { steps: 4 });
    await page.waitForTimeout(300);
    await frames(page);
    const now = await at(page, target);
    if (Math.abs(now.x - x) <= 2 && Math.abs(now.y - y) <= 2) break;
    ({ x, y } = now);
  }
  await page.mouse.click(x, y);
  await frames(page, 3);
}

/// Presses `at` until `done()` says it worked (a software-rendered page can be slow enough to
/// miss a press while it starts up), at most four times.
async function pressUntil(page, target, done, what) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await press(page, target);
    if (await done()) return;
  }
  fail(`pressing ${JSON.stringify(target)} never gave ${what}`);
}

/// Presses `target` until the page names `name` (a press on a slow frame may be lost), at most
/// four times, waiting a few seconds after each.
async function pressUntilNamed(page, target, name, what) {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await names(page, name)) return;
    if (await names(page, target)) await press(page, target);
    for (let wait = 0; wait < 20; wait++) {
      if (await names(page, name)) return;
      await page.waitForTimeout(200);
    }
  }
  fail(`pressing ${JSON.stringify(target)} never showed ${JSON.stringify(name)} (${what})`);
}

/// Where the first seat row the page names now stands (`undefined` when it names none).
async function firstSeatRow(page) {
  const row = await page.evaluate(() => Object.keys(JSON.parse(window.__kawuPlaces ?? '{}')).find((n) => /^seat \d /.test(n)));
  return row === undefined ? undefined : place(page, row);
}

/// Turns the mouse wheel over the seat rows, down (`towards` 1) or up (-1), until the page
/// names `name` (the rows scroll where the window is short); whether it came to.
async function wheelUntilNamed(page, name, towards) {
  for (let turn = 0; turn < 12 && !(await names(page, name)); turn++) {
    const row = await firstSeatRow(page);
    if (row === undefined) return false;
    await page.mouse.move(row.x, row.y);
    await page.mouse.wheel(0, 100 * towards);
    await page.waitForTimeout(600);
  }
  return names(page, name);
}

/// The mean difference between two pictures inside a rectangle.
function regionDifference(a, b, { x0, y0, x1, y1 }) {
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      const i = (y * a.width + x) * 4;
      sum += Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]);
      count++;
    }
  }
  return sum / count;
}

/// The menu window in the middle of the title screen.
const MENU_AREA = { x0: 470, y0: 220, x1: 810, y1: 580 };
/// The left part of the board (the cover page leaves it plain).
const BOARD_AREA = { x0: 190, y0: 30, x1: 440, y1: 770 };
/// Its subtitle and buttons.
const MENU_TEXT = { x0: 500, y0: 350, x1: 780, y1: 650 };

/// Opens the new-game page from the main menu.
async function openNewGamePage(page, title, name, lang = 'en') {
  await pressUntil(
    page,
    word('menu-new-game', lang),
    async () => {
      await settle(page);
      return regionDifference(title, await shoot(page, name), MENU_AREA) > 8;
    },
    'the new-game page',
  );
}

/// Chooses `kind` on the title screen: pressed until the game says its demonstration started.
async function chooseGame(page, logs, kind, what) {
  await pressForLog(page, logs, `game ${kind}`, new RegExp(`demonstration of ${kind}(?!\\w)`), what);
}

/// Presses `at` until a console line matching `pattern` appears after the press.
async function pressForLog(page, logs, target, pattern, what) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const mark = logs.length;
    await press(page, target);
    const line = await waitForLog(logs, mark, pattern, what, 8000).catch(() => undefined);
    if (line !== undefined) return line;
  }
  fail(`pressing ${JSON.stringify(target)} never gave ${what}; the console said:\n${logs.slice(-20).join('\n')}`);
}

/// Waits until the title screen (the board under the menu) is on the page.
async function waitForTitle(page, started, name) {
  for (;;) {
    const shot = await shoot(page, name);
    if (colourBuckets(shot) >= 80) return shot;
    if (Date.now() - started > 120000) fail('the title screen never appeared');
    await page.waitForTimeout(250);
  }
}

/// Where a page's load went, in ms since it began: the wasm downloaded (or read from the
/// service worker's cache), compiled and started (Bevy's plugins built), and the title seen.
async function loadSteps(page) {
  return page.evaluate(() => {
    const at = (name) => Math.round(performance.getEntriesByName(name)[0]?.startTime ?? -1);
    return { downloaded: at('kawu-downloaded'), started: at('kawu-started'), titleSeen: Math.round(performance.now()) };
  });
}

/// Lets egui lay a new page out: it settles over a few frames with input.
async function settle(page) {
  await page.waitForTimeout(500);
  await page.mouse.move(20, 20);
  await page.waitForTimeout(300);
  await page.mouse.move(24, 20);
  await page.waitForTimeout(700);
}

/// Waits for a console line matching `pattern`, among the lines from index `from` on.
async function waitForLog(logs, from, pattern, what, timeout = 30000) {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    const line = logs.slice(from).find((l) => pattern.test(l));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`timed out waiting for ${what} (${pattern}); the console said:\n${logs.slice(-30).join('\n')}`);
}

/// Presses `from` (selecting a piece), then `to`, until a console line matching `pattern`
/// follows, at most three times; slow frames can swallow a press.
async function selectAndMove(page, logs, from, to, pattern, { touch = false } = {}) {
  const hit = async (target) => {
    if (!touch) return press(page, target);
    const { x, y } = await at(page, target);
    await page.touchscreen.tap(x, y);
  };
  // On a phone a board of small points asks for a second tap on the destination.
  const either = new RegExp(`${pattern}|tap \\S+ again to move there`);
  for (let attempt = 0; attempt < 3; attempt++) {
    await hit(from);
    await page.waitForTimeout(1500);
    const mark = logs.length;
    await hit(to);
    let line = await waitForLog(logs, mark, either, pattern, 8000).catch(() => undefined);
    if (line !== undefined && /again to move there/.test(line)) {
      const marked = logs.length;
      await hit(to);
      line = await waitForLog(logs, marked, new RegExp(pattern), pattern, 8000).catch(() => undefined);
    }
    if (line !== undefined) return line;
  }
  await shoot(page, 'failed-move');
  fail(`${JSON.stringify(from)} then ${JSON.stringify(to)} never gave ${pattern}; the console said:\n${logs.slice(-20).join('\n')}`);
}

/// Taps `at` on a touch screen until a console line matching `pattern` follows, at most four
/// times; returns the line.
async function tapForLog(page, logs, target, pattern, what) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const mark = logs.length;
    const { x, y } = await at(page, target);
    await page.touchscreen.tap(x, y);
    const line = await waitForLog(logs, mark, pattern, what, 8000).catch(() => undefined);
    if (line !== undefined) return line;
  }
  fail(`tapping ${JSON.stringify(target)} never gave ${what}; the console said:\n${logs.slice(-20).join('\n')}`);
}

/// Taps `at` until `done()` says it worked, at most four times.
async function tapUntil(page, target, done, what) {
  for (let attempt = 0; attempt < 4; attempt++) {
    // A tap the page was slow to show may have worked after all.
    if (attempt > 0 && (await done())) return;
    const { x, y } = await at(page, target);
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(1200);
    if (await done()) return;
  }
  fail(`tapping ${JSON.stringify(target)} never gave ${what}`);
}

/// `address` asking the game to name its places.
function withPlaces(address) {
  return `${address}${address.includes('?') ? '&' : '?'}places`;
}

/// Opens a page of the game with its console kept, and waits for the title screen (unless
/// `title` is false: a link that goes straight into a room may hide it at once).
async function openGame(context, address, name, { title: waitTitle = true } = {}) {
  const page = await context.newPage();
  const logs = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  const started = Date.now();
  await page.goto(withPlaces(address));
  await page.waitForFunction(() => document.body.dataset.state === 'running', null, {
    timeout: 120000,
  });
  const title = waitTitle ? await waitForTitle(page, started, name) : await shoot(page, name);
  return { page, logs, title };
}

/// Whether the page scrolls or its canvas differs from the window: anything overflowing.
async function overflow(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const canvas = document.getElementById('kawu-canvas');
    const box = canvas.getBoundingClientRect();
    const problems = [];
    if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight) {
      problems.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight} in ${innerWidth}x${innerHeight}`);
    }
    if (Math.abs(box.width - innerWidth) > 1 || Math.abs(box.height - innerHeight) > 1) {
      problems.push(`the canvas is ${box.width}x${box.height} in ${innerWidth}x${innerHeight}`);
    }
    return problems;
  });
}


/// Plays a flip through a real server between two pages; returns what it measured.
async function playOnline(binary) {
  const { address, stop } = await startServer(binary);
  const contexts = [];
  try {
    const host = await openGame(kept(contexts, await browser.newContext({ viewport: VIEWPORT })), address, '11-online-host-title');
    await pressUntil(
      host.page,
      word('menu-online'),
      async () => {
        await settle(host.page);
        return regionDifference(host.title, await shoot(host.page, '11-online-page'), MENU_AREA) > 8;
      },
      'the online page',
    );
    const seated = await pressForLog(host.page, host.logs, word('online-create'), /seated in room (\w+) \(seat 0\)/, 'a room');
    const code = seated.match(/seated in room (\w+)/)[1];
    const guest = await openGame(kept(contexts, await browser.newContext({ viewport: VIEWPORT })), `${address}?join=${code}`, '12-online-guest-title');
    await waitForLog(guest.logs, 0, /seated in room \w+ \(seat 1\)/, 'the guest seated by the link');
    await host.page.waitForTimeout(2000);
    const mark = guest.logs.length;
    const flip = await pressForLog(host.page, host.logs, 'point a1', /played a1=\S+ \(Local\)/, 'the host flip');
    const heard = await waitForLog(guest.logs, mark, /played a1=\S+ \(Remote\)/, 'the flip on the guest page');
    if (flip.match(/a1=(\S+)/)[1] !== heard.match(/a1=(\S+)/)[1]) {
      fail(`the pages saw different pieces: ${flip} / ${heard}`);
    }
    await host.page.waitForTimeout(1500);
    await shoot(host.page, '12-online-host');
    await shoot(guest.page, '12-online-guest');
    // The host resigns: the room's panel offers the finished game's picture, which the server
    // draws at its link.
    await pressUntilNamed(host.page, word('hud-resign'), word('dialog-cancel'), 'the resignation dialog');
    await pressUntil(host.page, word('hud-resign'), () => names(host.page, word('result-review')), 'the result panel');
    await pressUntil(
      host.page,
      word('result-view-board'),
      async () => {
        await host.page.waitForTimeout(1000);
        return !(await names(host.page, word('result-view-board')));
      },
      'the board without the result panel',
    );
    await place(host.page, word('online-copy-picture-link'));
    await shoot(host.page, '12-online-over');
    const picture = await fetch(`${address}games/${code}/0.gif`);
    const pictureBytes = Buffer.from(await picture.arrayBuffer());
    if (!picture.ok || pictureBytes.subarray(0, 6).toString() !== 'GIF89a') {
      fail(`the finished game's link gave ${picture.status} ${picture.headers.get('content-type')}`);
    }
    const errors = [...host.logs, ...guest.logs].filter((l) => /^(error|pageerror)/.test(l));
    if (errors.length) fail(`errors while playing online:\n${errors.join('\n')}`);
    return { code, flip: flip.match(/a1=(\S+)/)[1], gameGifBytes: pictureBytes.length };
  } finally {
    // A page left open goes on drawing its game and slows every part after this one.
    await Promise.all(contexts.map((context) => context.close()));
    stop();
  }
}

/// A Junqi classic room through a real server between two pages: each page deploys its own
/// army behind the deployment screen, each move reaches the other page, the two boards show
/// different ranks, and both show the whole game once the host resigns.
async function playClassicOnline(binary) {
  const { address, stop } = await startServer(binary);
  const contexts = [];
  try {
    const host = await openGame(kept(contexts, await browser.newContext({ viewport: VIEWPORT })), address, '25-classic-online-host-title');
    await chooseGame(host.page, host.logs, 'JunqiClassic', 'the Junqi classic title');
    const title = await shoot(host.page, '25-classic-online-host-title');
    await pressUntil(
      host.page,
      word('menu-online'),
      async () => {
        await settle(host.page);
        return regionDifference(title, await shoot(host.page, '25-classic-online-page'), MENU_AREA) > 8;
      },
      'the online page',
    );
    const seated = await pressForLog(host.page, host.logs, word('online-create'), /seated in room (\w+) \(seat 0\)/, 'a classic room');
    const code = seated.match(/seated in room (\w+)/)[1];
    await waitForLog(host.logs, 0, /the room awaits Red's army/, "the host's deployment");
    // The link takes the guest straight to Blue's deployment, which hides the title screen.
    const guest = await openGame(kept(contexts, await browser.newContext({ viewport: VIEWPORT })), `${address}?join=${code}`, '25-classic-online-guest', { title: false });
    await waitForLog(guest.logs, 0, /the room awaits Blue's army/, "the guest's deployment");
    await settlePages(host.page, guest.page);
    await shoot(host.page, '26-classic-online-deploy-red');
    await shoot(guest.page, '26-classic-online-deploy-blue');
    await pressForLog(host.page, host.logs, word('deploy-ready'), /army sent: Red/, "the host's army");
    await pressForLog(guest.page, guest.logs, word('deploy-ready'), /army sent: Blue/, "the guest's army");
    await settlePages(host.page, guest.page);
    const moves = [[host, guest, 'b6', 'b5'], [guest, host, 'b7', 'b8']];
    for (const [mover, other, from, to] of moves) {
      const mark = other.logs.length;
      await selectAndMove(mover.page, mover.logs, `point ${from}`, `point ${to}`, `played ${from}${to} \\(Local\\)`);
      await waitForLog(other.logs, mark, new RegExp(`played ${from}${to} \\(Remote\\)`), `${from}${to} on the other page`);
    }
    await settlePages(host.page, guest.page);
    const red = await shoot(host.page, '27-classic-online-red');
    const blue = await shoot(guest.page, '27-classic-online-blue');
    const views = Math.round(regionDifference(red, blue, BOARD_AREA));
    if (views <= 8) fail(`Red's and Blue's boards look alike (${views}): each should show its own ranks`);
    await pressUntilNamed(host.page, word('hud-resign'), word('dialog-cancel'), 'the resignation dialog');
    await pressUntil(host.page, word('hud-resign'), () => names(host.page, word('result-review')), 'the result panel');
    await settlePages(host.page, guest.page);
    await shoot(host.page, '28-classic-online-over-red');
    const over = await shoot(guest.page, '28-classic-online-over-blue');
    const unveiled = Math.round(regionDifference(blue, over, BOARD_AREA));
    if (unveiled <= 4) fail(`Blue's board did not change when the armies were unveiled (${unveiled})`);
    const errors = [...host.logs, ...guest.logs].filter((l) => /^(error|pageerror)/.test(l));
    if (errors.length) fail(`errors while playing Junqi classic online:\n${errors.join('\n')}`);
    return { code, views, unveiled };
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    stop();
  }
}

/// Lets two pages draw what they were last told.
async function settlePages(...pages) {
  await Promise.all(pages.map((page) => page.waitForTimeout(1500)));
}

/// Keeps `context` in `contexts`, to close when the part ends, and returns it.
function kept(contexts, context) {
  contexts.push(context);
  return context;
}

/// Starts kawu-server on a free port with a fresh data folder, serving the web build; returns
/// its address and a function that stops it.
async function startServer(binary) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const data = mkdtempSync(join(tmpdir(), 'kawu-web-online-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(binary, ['--addr', `127.0.0.1:${port}`, '--web', site, '--data', data], {
    stdio: 'ignore',
  });
  const address = `http://127.0.0.1:${port}/`;
  const stop = () => {
    child.kill();
    rmSync(data, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const ok = await fetch(`${address}health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 100) {
      stop();
      fail('kawu-server never answered /health');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { address, stop };
}

/// Three people on three pages (the last on a phone) and two of the server's computers at one
/// Qiguo table of five: the host opens the room with a friend's seat more, two friends join by
/// the link, and each person's move reaches the other pages; the computers play Wei and Zhao
/// between them.
async function playQiguoOnline(binary) {
  const { address, stop } = await startServer(binary);
  const contexts = [];
  try {
    const host = await openGame(kept(contexts, await browser.newContext({ viewport: VIEWPORT })), address, '21-qiguo-online-title');
    await chooseGame(host.page, host.logs, 'Qiguo', 'the Qiguo title');
    const friend = (seat) => `seat ${seat} ${word('online-seat-friend')}`;
    await pressUntilNamed(host.page, word('menu-online'), 'players 5', 'the online page');
    // Five seats, whose rows scroll on this screen: down to the fifth, up to the third.
    await pressUntil(host.page, 'players 5', () => wheelUntilNamed(host.page, friend(5), 1), 'five seats');
    if (!(await wheelUntilNamed(host.page, friend(3), -1))) fail('the seat rows never scrolled back to the third');
    await settle(host.page);
    const seats = await shoot(host.page, '21-qiguo-online-page');
    const choice = area(await place(host.page, friend(3)));
    await pressUntil(
      host.page,
      friend(3),
      async () => {
        await settle(host.page);
        return regionDifference(seats, await shoot(host.page, '21-qiguo-online-seats'), choice) > 4;
      },
      'a friend for seat 3',
    );
    const seated = await pressForLog(host.page, host.logs, word('online-create'), /seated in room (\w+) \(seat 0\)/, 'a Qiguo room');
    const plan = 'seats: [Friend, Friend, Friend, Computer(Medium), Computer(Medium)]';
    if (!host.logs.some((l) => l.includes(plan))) {
      fail(`the room was not asked with ${plan}:\n${host.logs.filter((l) => /going online/.test(l)).join('\n')}`);
    }
    const code = seated.match(/seated in room (\w+)/)[1];
    const guests = [];
    // The second friend is on a phone.
    for (const [seat, name] of [[1, '22-qiguo-guest-1'], [2, '22-qiguo-guest-2-phone']]) {
      const context = kept(contexts, seat === 2 ? await phoneContext() : await browser.newContext({ viewport: VIEWPORT }));
      const guest = await openGame(context, `${address}?join=${code}`, name);
      guest.phone = seat === 2;
      // Three pages of the game share two cores here: a page may take a while to be seated.
      await waitForLog(guest.logs, 0, new RegExp(`seated in room \\w+ \\(seat ${seat}\\)`), `guest ${seat} seated by the link`, 120000);
      guests.push(guest);
    }
    await host.page.waitForTimeout(3000);
    await shoot(host.page, '23-qiguo-online-host-seated');
    const pages = [host, ...guests];
    // Each person's move, on their own page, then heard on the two others: Qin for the host,
    // Chu and Han for the first friend, Qi for the second (the seats of five: Qin and Yan, Chu
    // and Han, Qi, Wei, Zhao).
    const moves = [[host, 'a7', 'd3', 'Qin'], [guests[0], 'f5', 'j1', 'Chu'], [guests[0], 'l2', 'h5', 'Han'], [guests[1], 'o6', 's10', 'Qi']];
    for (const [mover, from, to, state] of moves) {
      const marks = pages.map((p) => p.logs.length);
      await selectAndMove(mover.page, mover.logs, `point ${from}`, `point ${to}`, `heard ${from}${to} \\(${state}\\)`, { touch: mover.phone });
      for (const [index, other] of pages.entries()) {
        await waitForLog(other.logs, marks[index], new RegExp(`heard ${from}${to} \\(${state}\\)`), `${state}'s move on page ${index}`);
      }
    }
    // The server's computers play Wei and Zhao, heard on every page.
    for (const [index, page] of pages.entries()) {
      await waitForLog(page.logs, 0, /heard \S+ \(Zhao\)/, `Zhao's computer move on page ${index}`, 60000);
    }
    const heard = pages.map((p) => p.logs.filter((l) => /heard \S+ \(/.test(l)).map((l) => l.match(/heard (\S+ \(\w+)/)[1]));
    if (heard.some((list) => list.slice(0, 6).join() !== heard[0].slice(0, 6).join())) {
      fail(`the pages heard different games: ${JSON.stringify(heard)}`);
    }
    await host.page.waitForTimeout(1500);
    await shoot(host.page, '24-qiguo-online-host');
    await shoot(guests[1].page, '24-qiguo-online-guest-2-phone');
    // The phone's table and HUD (every seat, its player and the buttons) fit its screen.
    const hidden = await unfit(guests[1].page);
    if (hidden.length) fail(`the Qiguo table on the phone: ${hidden.join('; ')}`);
    const errors = pages.flatMap((p) => p.logs).filter((l) => /^(error|pageerror)/.test(l));
    if (errors.length) fail(`errors while playing Qiguo online:\n${errors.join('\n')}`);
    return { code, heard: heard[0].slice(0, 6) };
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    stop();
  }
}

/// The first steps of Xiangqi's lesson: a move the rules refuse is answered and the step starts
/// again; the right move is answered; Next opens the second step, whose right move is answered.
async function walkLesson() {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const { page, logs, title } = await openGame(context, url, '25-lesson-title');
  await chooseGame(page, logs, 'Xiangqi', 'the Xiangqi title');
  await pressForLog(page, logs, word('menu-learn'), /lesson Xiangqi step 1(?![\d:])/, 'the first step');
  await page.waitForTimeout(2000);
  await shoot(page, '26-lesson-step-1');
  // The general may not leave the palace.
  let mark = logs.length;
  await selectAndMove(page, logs, 'point d1', 'point c1', 'lesson Xiangqi step 1: wrong');
  await waitForLog(logs, mark, /lesson Xiangqi step 1(?![\d:])/, 'the step again after the wrong move');
  await page.waitForTimeout(1500);
  await selectAndMove(page, logs, 'point d1', 'point d0', 'lesson Xiangqi step 1: right');
  await page.waitForTimeout(1000);
  await shoot(page, '27-lesson-step-1-right');
  await pressForLog(page, logs, word('learn-next'), /lesson Xiangqi step 2(?![\d:])/, 'the second step');
  await page.waitForTimeout(2000);
  await selectAndMove(page, logs, 'point d0', 'point e1', 'lesson Xiangqi step 2: right');
  const answers = logs.filter((l) => /lesson Xiangqi step \d: /.test(l)).map((l) => l.match(/step \d: .*/)[0]);
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors in the lesson:\n${errors.join('\n')}`);
  await context.close();
  return answers;
}

/// The standard mapping's buttons (the Gamepad API's numbering).
const PAD = { south: 0, east: 1, start: 9, up: 12, down: 13, left: 14, right: 15 };

/// Runs in the page before the game: two standard controllers, as the Gamepad API shows them,
/// that the test presses through `window.__pads`.
function fakeGamepads() {
  const pad = (index) => ({
    id: `Test controller ${index + 1} (STANDARD GAMEPAD Vendor: 045e Product: 028e)`,
    index,
    connected: true,
    mapping: 'standard',
    timestamp: 0,
    axes: [0, 0, 0, 0],
    buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
  });
  window.__pads = [pad(0), pad(1)];
  navigator.getGamepads = () => window.__pads;
}

/// Presses and releases a button of controller `pad` (0 is controller 1), each held over a
/// few of the game's frames: it reads the controllers once a frame.
async function padPress(page, pad, button) {
  for (const down of [true, false]) {
    await page.evaluate(([index, button, down]) => {
      const pad = window.__pads[index];
      pad.buttons[button] = { pressed: down, touched: down, value: down ? 1 : 0 };
      pad.timestamp += 1;
    }, [pad, button, down]);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(150);
  }
}

/// The point the cursor was last logged at, among the lines from `from` on.
function loggedCursor(logs, from = 0) {
  const line = logs.slice(from).reverse().find((l) => /cursor at [a-i]\d/.test(l));
  return line?.match(/cursor at ([a-i]\d)/)[1];
}

/// Steps the cursor with controller `pad` to `target` (a Xiangqi point such as `h2`), finding
/// out from the logged cursor which way the board is turned.
async function padTo(page, logs, pad, target) {
  let cursor = loggedCursor(logs);
  if (cursor === undefined) {
    const mark = logs.length;
    await padPress(page, pad, PAD.south);
    cursor = (await waitForLog(logs, mark, /cursor at [a-i]\d/, 'the cursor', 8000)).match(/cursor at ([a-i]\d)/)[1];
  }
  let turned = 1;
  for (let step = 0; step < 30 && cursor !== target; step++) {
    const files = target.charCodeAt(0) - cursor.charCodeAt(0);
    const ranks = Number(target[1]) - Number(cursor[1]);
    const button = files * turned > 0 ? PAD.right : files * turned < 0 ? PAD.left : ranks * turned > 0 ? PAD.up : PAD.down;
    const mark = logs.length;
    await padPress(page, pad, button);
    const line = await waitForLog(logs, mark, /cursor at [a-i]\d/, 'a cursor step', 8000).catch(() => undefined);
    if (line === undefined) continue;
    const now = loggedCursor(logs, mark);
    const moved = files !== 0 ? now.charCodeAt(0) - cursor.charCodeAt(0) : Number(now[1]) - Number(cursor[1]);
    // A step the other way: the board is drawn turned for this player.
    if (moved !== 0 && Math.sign(moved) !== Math.sign(files !== 0 ? files : ranks)) turned = -turned;
    cursor = now;
  }
  if (cursor !== target) fail(`controller ${pad + 1} never brought the cursor to ${target} (it is at ${cursor})`);
}

/// Plays `from` `to` with controller `pad`: the cursor to the piece, South, to its
/// destination, South; waits for the move to be played.
async function padMove(page, logs, pad, from, to) {
  await padTo(page, logs, pad, from);
  await padPress(page, pad, PAD.south);
  await page.waitForTimeout(600);
  await padTo(page, logs, pad, to);
  const mark = logs.length;
  await padPress(page, pad, PAD.south);
  await waitForLog(logs, mark, new RegExp(`played ${from}${to} \\(Local\\)`), `${from}${to} by controller ${pad + 1}`, 10000);
  await page.waitForTimeout(1500);
}

/// Two controllers at one screen: the new-game page gives controller 1 Red and controller 2
/// Black; each plays its own moves and the other's presses do nothing.
async function playWithControllers() {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(fakeGamepads);
  const { page, logs, title } = await openGame(context, url, '30-controllers-title');
  await chooseGame(page, logs, 'Xiangqi', 'the Xiangqi title');
  const xiangqiTitle = await shoot(page, '30-controllers-title');
  await openNewGamePage(page, xiangqiTitle, '31-controllers-new-game');
  // The page offers a controller for each seat once it has seen them.
  await place(page, 'pad 2 2');
  // Each choice pressed twice (a second press on a chosen choice keeps it chosen), held over a
  // few of the page's slow frames; the log below checks what the seats got.
  for (const choice of ['pad 1 1', 'pad 2 2', 'pad 1 1', 'pad 2 2']) {
    const { x, y } = await place(page, choice);
    await page.mouse.move(x, y, { steps: 4 });
    await page.waitForTimeout(600);
    // Held over a few of the page's slow frames.
    await page.mouse.down();
    await page.waitForTimeout(400);
    await page.mouse.up();
    await page.waitForTimeout(600);
  }
  await settle(page);
  await shoot(page, '31-controllers-new-game');
  await pressForLog(page, logs, word('new-hot-seat'), /game started: Seats\(\[Local, Local\]\)/, 'a Xiangqi game');
  if (!logs.some((l) => /controllers of the seats: SeatPads\(\[Some\(1\), Some\(2\)\]\)/.test(l))) {
    fail(`the seats did not get controllers 1 and 2:\n${logs.filter((l) => /controllers of/.test(l)).join('\n')}`);
  }
  await page.waitForTimeout(2500);
  // Red to move: controller 2's presses do nothing.
  let mark = logs.length;
  for (const button of [PAD.south, PAD.right, PAD.south]) await padPress(page, 1, button);
  await page.waitForTimeout(1000);
  if (logs.slice(mark).some((l) => /cursor at|played/.test(l))) {
    fail(`controller 2 acted on Red's turn:\n${logs.slice(mark).join('\n')}`);
  }
  await padMove(page, logs, 0, 'h2', 'e2');
  // Black to move: now controller 1's presses do nothing.
  mark = logs.length;
  for (const button of [PAD.left, PAD.south]) await padPress(page, 0, button);
  await page.waitForTimeout(1000);
  if (logs.slice(mark).some((l) => /cursor at|played/.test(l))) {
    fail(`controller 1 acted on Black's turn:\n${logs.slice(mark).join('\n')}`);
  }
  await padMove(page, logs, 1, 'h9', 'g7');
  await padMove(page, logs, 0, 'e2', 'e6');
  // The cursor shows controller 2's number while it moves Black's horse out.
  await padTo(page, logs, 1, 'b9');
  await page.waitForTimeout(1000);
  await shoot(page, '32-two-controllers');
  const played = logs.filter((l) => /played \w+ \(Local\)/.test(l)).map((l) => l.match(/played (\w+)/)[1]);
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors with the controllers:\n${errors.join('\n')}`);
  await context.close();
  return { played };
}

/// A browser context as a phone held upright: touch, a phone's screen and its browser's name.
function phoneContext() {
  return browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
    // A phone's browser says so: bevy_egui then takes typed text from its text agent.
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });
}

/// What does not fit the phone's screen: the page scrolling, a wrong canvas, or a named place
/// (board points aside) outside the window, even in part.
async function unfit(page) {
  const outside = await page.evaluate(() => {
    const places = JSON.parse(window.__kawuPlaces ?? '{}');
    const box = document.getElementById('kawu-canvas').getBoundingClientRect();
    return Object.entries(places)
      .filter(([name]) => !name.startsWith('point '))
      .filter(([, [x, y, w, h]]) => {
        const [left, top] = [box.left + x - w / 2, box.top + y - h / 2];
        return left < -1 || top < -1 || left + w > innerWidth + 1 || top + h > innerHeight + 1;
      })
      .map(([name, at]) => `"${name}" at ${at.map(Math.round).join(',')} is off the screen`);
  });
  return [...(await overflow(page)), ...outside];
}

/// Drags a finger from `from` to `to` over a few frames (the touch events a phone sends).
async function swipe(page, from, to) {
  const touch = await page.context().newCDPSession(page);
  const point = (t) => [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }];
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) });
  for (let step = 1; step <= 6; step++) {
    await page.waitForTimeout(100);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(step / 6) });
  }
  await page.waitForTimeout(100);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
}

/// Taps `kind` on the phone's title screen and opens the online page, until that page is the
/// game's (only Qiguo's asks how many players); the online page is left open.
async function chooseGameOnPhone(page, kind) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const choice = await place(page, `game ${kind}`);
    await page.touchscreen.tap(choice.x, choice.y);
    await page.waitForTimeout(1500);
    await tapUntil(page, word('menu-online'), () => names(page, 'room code'), 'the online page on the phone');
    if ((await names(page, 'players 3')) === (kind === 'Qiguo')) return;
    await tapUntil(page, word('menu-back'), () => names(page, word('menu-new-game')), 'the title again');
  }
  fail(`tapping "game ${kind}" on the phone never chose it`);
}

/// On a phone-sized touch screen, upright: Qiguo's online page for seven, then a hot-seat
/// game; returns what it measured.
async function playOnPhone() {
  const { page, logs } = await openGame(await phoneContext(), url, '13-phone-title');
  const problems = await overflow(page);
  if (problems.length) fail(`on the phone: ${problems.join('; ')}`);
  // Qiguo's online page on the phone: the whole page fits the screen, and the seats scroll
  // under a finger to the seventh, whose choice a tap makes.
  await chooseGameOnPhone(page, 'Qiguo');
  const seventh = `seat 7 ${word('level-easy')}`;
  // Shown whole: as tall as the players' choices (a scrolled choice is named by what shows).
  const shownWhole = async () => {
    if (!(await names(page, seventh))) return false;
    const [row, players] = [await place(page, seventh), await place(page, 'players 7')];
    return row.h >= players.h - 1;
  };
  for (let attempt = 0; attempt < 4 && !(await shownWhole()); attempt++) {
    const seven = await place(page, 'players 7');
    await page.touchscreen.tap(seven.x, seven.y);
    await page.waitForTimeout(1200);
    for (let swipes = 0; swipes < 10 && !(await shownWhole()); swipes++) {
      const row = await firstSeatRow(page);
      if (row === undefined) break;
      await swipe(page, row, { x: row.x, y: row.y - 120 });
      await page.waitForTimeout(1000);
    }
  }
  if (!(await shownWhole())) fail(`the seventh seat's choices never came whole into view on the phone`);
  const seats = await shoot(page, '13a-phone-qiguo-online');
  const hidden = await unfit(page);
  if (hidden.length) fail(`Qiguo's online page on the phone: ${hidden.join('; ')}`);
  const choice = area(await place(page, seventh));
  await tapUntil(
    page,
    seventh,
    async () => regionDifference(seats, await shoot(page, '13a-phone-qiguo-seventh'), choice) > 4,
    'the computer for the seventh seat on the phone',
  );
  await tapUntil(page, word('menu-back'), () => names(page, word('menu-new-game')), 'the title again');
  await chooseGameOnPhone(page, 'Junqi');
  await tapUntil(page, word('menu-back'), () => names(page, word('menu-new-game')), 'the title again');
  // A text field raises the phone's keyboard: tapping the room code gives the focus to
  // bevy_egui's text agent, the hidden input a phone types into.
  await tapUntil(
    page,
    word('menu-online'),
    async () => {
      await shoot(page, '13b-phone-online');
      return names(page, 'room code');
    },
    'the online page on the phone',
  );
  // bevy_egui decides at the finger's lift from the frame before it: on a phone that frame
  // already has the finger over the field, but here a frame takes half a second and a tap
  // fits in one, so the first tap focuses the field and the next raises the keyboard.
  const keyboardUp = () =>
    page.evaluate(() => {
      const agent = document.getElementById('egui_text_agent');
      return agent !== null && !agent.hidden && document.activeElement === agent;
    });
  for (let attempt = 0; attempt < 4 && !(await keyboardUp()); attempt++) {
    const field = await place(page, 'room code');
    await page.touchscreen.tap(field.x, field.y);
    await page.waitForTimeout(2000);
  }
  if (!(await keyboardUp())) fail("tapping the room code did not give the keyboard's input the focus");
  const empty = await shoot(page, '13c-phone-room-code');
  await page.keyboard.type('ab12');
  await page.waitForTimeout(2000);
  const typed = await shoot(page, '13c-phone-room-code');
  // The code shows in the field, and Join (grey while the field is empty) lights up.
  const field = area(await place(page, 'room code'));
  const join = area(await place(page, word('online-join')));
  if (regionDifference(empty, typed, field) < 4 || regionDifference(empty, typed, join) < 4) {
    fail('the room code typed on the phone did not reach the field');
  }
  await tapUntil(
    page,
    word('menu-back'),
    async () => {
      await shoot(page, '13d-phone-title-again');
      return names(page, word('menu-new-game'));
    },
    'the title again',
  );
  await tapUntil(
    page,
    word('menu-new-game'),
    async () => {
      await shoot(page, '14-phone-new-game');
      return names(page, word('new-hot-seat'));
    },
    'the new-game page on the phone',
  );
  await tapForLog(page, logs, word('new-hot-seat'), /game started: Seats\(\[Local, Local\]\)/, 'a two-player game on the phone');
  await page.waitForTimeout(1500);
  await shoot(page, '15-phone-game');
  const played = [];
  const flip = async (point) => {
    const line = await tapForLog(page, logs, `point ${point}`, new RegExp(`played ${point}=(\\S+) \\(Local\\)`), `the flip of ${point}`);
    await page.waitForTimeout(1200);
    played.push(line.match(/played (\S+)/)[1]);
    return line.match(/=(\S+) /)[1];
  };
  const movable = (letter) => !/[LlFf]/.test(letter);
  // The first flip decides the first player's colour; a piece of that colour beside an empty
  // camp moves into it.
  const firstLetter = await flip('b2');
  const mine = (letter) => (letter === letter.toUpperCase()) === (firstLetter === firstLetter.toUpperCase());
  const far = ['a12', 'b12', 'c12', 'd12', 'e12', 'a11'];
  const candidates = [['b2', 'b3', firstLetter]];
  for (const [point, camp] of [['d2', 'd3'], ['a3', 'b3'], ['e3', 'd3'], ['b4', 'b3'], ['d4', 'd3']]) {
    if (movable(candidates.at(-1)[2]) && mine(candidates.at(-1)[2])) break;
    await flip(far.shift());
    candidates.push([point, camp, await flip(point)]);
  }
  const [from, camp, letter] = candidates.at(-1);
  if (!movable(letter) || !mine(letter)) fail(`no movable piece of the first player turned up: ${played}`);
  await flip(far.shift());
  const piece = await place(page, `point ${from}`);
  await page.touchscreen.tap(piece.x, piece.y);
  await page.waitForTimeout(800);
  await tapForLog(page, logs, `point ${camp}`, new RegExp(`played ${from}${camp} \\(Local\\)`), `the move ${from}${camp}`);
  played.push(`${from}${camp}`);
  await page.waitForTimeout(1500);
  await shoot(page, '16-phone-after-a-move');
  // A dialog in portrait: the resignation question.
  const beforeDialog = await shoot(page, '16-phone-after-a-move');
  await tapUntil(
    page,
    word('hud-resign'),
    async () => regionDifference(beforeDialog, await shoot(page, '17-phone-dialog'), { x0: 20, y0: 100, x1: 370, y1: 500 }) > 6,
    'the resignation dialog',
  );
  const late = await overflow(page);
  if (late.length) fail(`on the phone, in the game: ${late.join('; ')}`);
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors on the phone:\n${errors.join('\n')}`);
  await page.context().close();
  return { played };
}

/// Junqi classic for two players at one screen, from the title screen's choice of game to a
/// move of each side; returns how the cover and the board differed.
async function playClassic() {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const { page, logs, title } = await openGame(context, url, '20-classic-title');
  await chooseGame(page, logs, 'JunqiClassic', 'the Junqi classic title');
  await openNewGamePage(page, await shoot(page, '20-classic-title'), '20-classic-new-game-page');
  await pressUntilNamed(page, word('new-hot-seat'), word('classic-cover-ready'), 'the cover before Red deploys');
  // The cover's dialog fades in; the other shots of the cover are taken seconds after it came.
  await page.waitForTimeout(1000);
  const covered = await shoot(page, '21-classic-cover');
  for (const side of ['Red', 'Blue']) {
    await pressForLog(page, logs, word('classic-cover-ready'), new RegExp(`cover lifted for ${side}`), `the cover before ${side} deploys`);
    await page.waitForTimeout(1000);
    await shoot(page, `22-classic-deploy-${side.toLowerCase()}`);
    await pressForLog(page, logs, word('deploy-ready'), new RegExp(`army ready: ${side}`), `${side}'s army`);
  }
  await waitForLog(logs, 0, /game started: Seats\(\[Local, Local\]\)/, 'the classic game');
  const moves = [['Red', 'b6', 'b5'], ['Blue', 'b7', 'b8']];
  const boards = [];
  for (const [side, from, to] of moves) {
    await pressForLog(page, logs, word('classic-cover-ready'), new RegExp(`cover lifted for ${side}`), `the cover before ${side} moves`);
    await page.waitForTimeout(1500);
    boards.push(await shoot(page, `23-classic-${side.toLowerCase()}-to-move`));
    await selectAndMove(page, logs, `point ${from}`, `point ${to}`, `played ${from}${to} \\(Local\\)`);
    await page.waitForTimeout(2000);
  }
  const again = await shoot(page, '24-classic-covered-again');
  const difference = {
    coverToBoard: Math.round(regionDifference(covered, boards[0], BOARD_AREA)),
    coverToCover: Math.round(regionDifference(covered, again, BOARD_AREA)),
  };
  if (difference.coverToBoard <= 8) fail(`the lifted cover showed no board: ${JSON.stringify(difference)}`);
  if (difference.coverToCover > 4) fail(`the cover did not come back after Blue's move: ${JSON.stringify(difference)}`);
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors while playing Junqi classic:\n${errors.join('\n')}`);
  await context.close();
  return difference;
}

/// Moves two fingers from `from` to `to` (pairs of points) over a few frames: a pinch, or a
/// two-finger pan.
async function twoFingers(page, from, to) {
  const touch = await page.context().newCDPSession(page);
  const at = (t) => from.map((p, i) => ({ x: p.x + (to[i].x - p.x) * t, y: p.y + (to[i].y - p.y) * t, id: i }));
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= 8; step++) {
    await page.waitForTimeout(150);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step / 8) });
  }
  await page.waitForTimeout(300);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
  await page.waitForTimeout(1500);
}

/// Taps one finger at `at` `count` times, 200 ms apart, as the two-finger gestures touch (through
/// the page's own touch events).
async function fingerTaps(page, at, count) {
  const touch = await page.context().newCDPSession(page);
  for (let tap = 0; tap < count; tap++) {
    if (tap > 0) await page.waitForTimeout(200);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at.x, y: at.y, id: 0 }] });
    await page.waitForTimeout(50);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await touch.detach();
}

/// Qiguo's 19×19 board on the phone: two fingers pinch it larger and pan it, a double tap fits
/// it again, and a move is played by taps — on points this small a tap acts only on a point it
/// clearly hits, and a move waits for a second tap on its destination.
async function playQiguoOnPhone() {
  const { page, logs } = await openGame(await phoneContext(), url, '25-phone-qiguo-title');
  // Choose Qiguo and open its new-game page (only Qiguo's asks how many players).
  for (let attempt = 0; attempt < 4 && !(await names(page, 'players 3')); attempt++) {
    if (await names(page, word('menu-back'))) {
      await tapUntil(page, word('menu-back'), () => names(page, 'game Qiguo'), 'the title again');
    }
    const choice = await place(page, 'game Qiguo');
    await page.touchscreen.tap(choice.x, choice.y);
    await page.waitForTimeout(1500);
    await tapUntil(page, word('menu-new-game'), () => names(page, word('new-start')), 'the new-game page on the phone');
  }
  if (!(await names(page, 'players 3'))) fail("tapping Qiguo never gave its new-game page on the phone");
  await tapForLog(page, logs, word('new-start'), /game started: Seats/, 'a Qiguo game on the phone');
  await page.waitForTimeout(2500);
  await shoot(page, '25-phone-qiguo-game');
  const before = await place(page, 'point a7');
  const centre = await place(page, 'point j10');
  // Pinch out about the middle of the board.
  await twoFingers(
    page,
    [{ x: centre.x - 20, y: centre.y }, { x: centre.x + 20, y: centre.y }],
    [{ x: centre.x - 110, y: centre.y }, { x: centre.x + 110, y: centre.y }],
  );
  const pinched = await place(page, 'point j10');
  await shoot(page, '25-phone-qiguo-pinched');
  if (pinched.w < before.w * 1.5) fail(`a pinch did not zoom Qiguo's board on the phone: a point ${before.w} then ${pinched.w} px`);
  // Two fingers pan it.
  await twoFingers(
    page,
    [{ x: pinched.x - 40, y: pinched.y }, { x: pinched.x + 40, y: pinched.y }],
    [{ x: pinched.x + 20, y: pinched.y + 60 }, { x: pinched.x + 100, y: pinched.y + 60 }],
  );
  const panned = await place(page, 'point j10');
  await shoot(page, '25-phone-qiguo-panned');
  if (Math.hypot(panned.x - pinched.x, panned.y - pinched.y) < 30) {
    fail(`two fingers did not pan Qiguo's board: j10 at ${pinched.x},${pinched.y} then ${panned.x},${panned.y}`);
  }
  // A double tap on the table (where the pinch began: on the screen whatever the pan did) fits
  // the whole board again.
  for (let attempt = 0; attempt < 4 && (await place(page, 'point j10')).w > before.w * 1.2; attempt++) {
    await fingerTaps(page, centre, 2);
    await page.waitForTimeout(1500);
  }
  const fitted = await place(page, 'point j10');
  if (fitted.w > before.w * 1.2) fail(`a double tap did not fit Qiguo's board again: a point ${fitted.w} px`);
  // The first state's soldier a7 to d3 by taps: the first tap on d3 marks it, the second moves.
  const soldier = await place(page, 'point a7');
  await page.touchscreen.tap(soldier.x, soldier.y);
  await page.waitForTimeout(1500);
  const marked = await tapForLog(page, logs, 'point d3', /tap d3 again to move there/, 'd3 marked');
  const moved = await tapForLog(page, logs, 'point d3', /played a7d3 \(Qin Local\)/, 'the move a7d3 by a second tap');
  await page.waitForTimeout(1500);
  await shoot(page, '25-phone-qiguo-moved');
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors in Qiguo on the phone:\n${errors.join('\n')}`);
  await page.context().close();
  return {
    pointPx: { before: Math.round(before.w), pinched: Math.round(pinched.w), fitted: Math.round(fitted.w) },
    taps: [marked.replace(/^\w+: /, ''), moved.replace(/^\w+: /, '')],
  };
}

/// The native kawu-cli, to compare the worker's answers with.
const cliBinary = process.env.KAWU_CLI ?? join(process.env.CARGO_TARGET_DIR ?? 'target', 'debug', 'kawu-cli');

/// Runs kawu-cli with `args`, feeding it `input`: its output and how long it took (ms).
async function cli(args, input = '') {
  const { spawn } = await import('node:child_process');
  const started = performance.now();
  // No input, no pipe: a command that reads none may be gone before it could be written.
  const child = spawn(cliBinary, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  if (input) child.stdin.end(input);
  const code = await new Promise((done, failed) => {
    child.on('error', failed);
    child.on('close', done);
  });
  if (code !== 0) fail(`kawu-cli ${args.join(' ')} exited with ${code}`);
  return { out, ms: performance.now() - started };
}

/// The native command line's answer to `request` (a ThinkRequest), as tests/think.rs asks it:
/// `junqi think --view`, the UCI engine's `go nodes N` (or, with no node limit, its `go`: Hard's
/// time budget) with the game's 6 MB table, `qiguo think`, `junqi-classic think -`. With no node
/// limit both Junqis think at most Hard's budget (`--ms`), as the game does.
async function nativeAnswer({ seen, search }) {
  const level = search.level.toLowerCase();
  const seed = String(search.seed);
  if (seen.game === 'junqi') {
    const clock = search.nodes === null ? ['--ms', '2000'] : [];
    const args = ['junqi', 'think', '--view', seen.view.jfen, '--captured', seen.view.captured];
    const { out, ms } = await cli([...args, '--level', level, '--seed', seed, ...clock]);
    return { action: out.split('\n')[0], ms };
  }
  if (seen.game === 'xiangqi') {
    const skill = { easy: 0, medium: 1, hard: 2 }[level];
    const go = search.nodes === null ? 'go' : `go nodes ${search.nodes}`;
    const script = `setoption name Skill Level value ${skill}\nsetoption name Hash value 6\n` +
      `position fen ${seen.start} moves ${seen.moves.join(' ')}\n${go}\n`;
    const { out, ms } = await cli(['xiangqi', 'uci'], script);
    const lines = out.split('\n');
    const best = lines.find((line) => line.startsWith('bestmove '));
    const searched = lines.filter((line) => line.startsWith('info depth')).at(-1)?.match(/ nodes (\d+)/);
    return { action: best?.slice('bestmove '.length), ms, nodes: searched && Number(searched[1]) };
  }
  if (seen.game === 'junqi_classic') {
    const clock = search.nodes === null ? ['--ms', '2000'] : [];
    const args = ['junqi-classic', 'think', '-', '--level', level, '--seed', seed, ...clock];
    const { out, ms } = await cli(args, `${seen.line}\n`);
    return { action: out.split('\n')[0], ms };
  }
  const { out, ms } = await cli(['qiguo', 'think', seen.qfen, '--level', level, '--seed', seed]);
  return { action: out.trim(), ms };
}

/// The worker part: each request of tests/data/think-requests.json to a new worker (as the
/// game starts one per decision), its answer against the native one; then Hard in each game
/// with its real budget, timed in the worker and natively, with the page's frame gaps meanwhile.
async function thinkInWorker() {
  const cases = JSON.parse(readFileSync(new URL('../data/think-requests.json', import.meta.url), 'utf8'));
  const page = await browser.newPage();
  const logs = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  await page.goto(new URL(WORKER_PAGE, url).href);
  /// Asks a new worker `request`; its answer, how long it took from the start of the worker,
  /// and the gaps between the page's animation frames meanwhile.
  const ask = (request) =>
    page.evaluate(async (text) => {
      const started = performance.now();
      const gaps = [];
      let last = started;
      let thinking = true;
      const frame = (now) => {
        gaps.push(now - last);
        last = now;
        if (thinking) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      const worker = new Worker('think-worker.js');
      const answer = await new Promise((done) => {
        worker.onmessage = (event) => done(JSON.parse(event.data));
        worker.onerror = (event) => done({ error: `the worker failed: ${event.message}` });
        worker.postMessage(text);
      });
      thinking = false;
      worker.terminate();
      return { answer, ms: performance.now() - started, gaps };
    }, JSON.stringify(request));
  const compared = [];
  for (const { name, request } of cases) {
    const [web, native] = [await ask(request), await nativeAnswer(request)];
    if (web.answer.error) fail(`${name}: ${web.answer.error}`);
    if (web.answer.action !== native.action) {
      fail(`${name}: the worker chose ${web.answer.action}, kawu-cli ${native.action}`);
    }
    compared.push({ name, action: native.action, workerMs: Math.round(web.ms), nativeMs: Math.round(native.ms) });
  }
  const hard = {};
  for (const game of ['junqi', 'xiangqi', 'qiguo', 'junqi_classic']) {
    const { request } = cases.find((c) => c.request.seen.game === game && c.request.search.level === 'Hard');
    const timed = { ...request, search: { ...request.search, nodes: null } };
    const [web, native] = [await ask(timed), await nativeAnswer(timed)];
    if (web.answer.error) fail(`Hard ${game}: ${web.answer.error}`);
    hard[game] = {
      workerMs: Math.round(web.ms),
      workerNodes: web.answer.nodes,
      nativeMs: Math.round(native.ms),
      // The UCI engine reports its nodes; the other two commands print only the action.
      ...(native.nodes ? { nativeNodes: native.nodes } : {}),
      pageFrameMs: summarise(web.gaps.map(Math.round)),
    };
  }
  // A short game reviewed in the worker, a judge request a move, as the game's Review sends
  // them: the same lines as `kawu-cli xiangqi review` (the last move walks into mate).
  const fen = '4k4/R8/9/9/1r7/9/9/9/9/1R1K5 w - - 0 1';
  const moves = ['b0b1', 'b5b4', 'b1b2', 'b4i4', 'b2b9'];
  const native = (await cli(['xiangqi', 'review', '-'], `${fen} moves ${moves.join(' ')}\n`)).out;
  const reviewed = [];
  const reasons = [];
  let reviewMs = 0;
  for (const [index, move] of moves.entries()) {
    const request = {
      seen: { game: 'xiangqi', start: fen, moves: moves.slice(0, index) },
      search: { level: 'Medium', seed: 1 },
      judge: move,
    };
    const web = await ask(request);
    if (web.answer.error) fail(`review of ${move}: ${web.answer.error}`);
    reviewMs += web.ms;
    const { loss, class: judged } = web.answer.judged ?? fail(`no judgement of ${move}`);
    const mover = index % 2 === 0 ? 'w' : 'b';
    const printed = `${(loss / 1000).toFixed(3)}`;
    reviewed.push(`${index + 1} ${mover} ${move} ${judged} ${web.answer.action} ${printed}`);
    reasons.push(web.answer.judged.reason ?? null);
  }
  const nativeLines = native.split('\n').slice(0, moves.length);
  if (reviewed.join('\n') !== nativeLines.join('\n')) {
    fail(`the worker's review differs from kawu-cli's:\n${reviewed.join('\n')}\n--\n${nativeLines.join('\n')}`);
  }
  if (!reviewed[3].includes(' blunder ')) fail(`the walk into mate is no blunder: ${reviewed[3]}`);
  // The reason the game shows beside it comes from the worker too.
  if (reasons[3] !== 'allows_mate') fail(`the walk into mate's reason is ${reasons[3]}`);
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors in the worker part:\n${errors.join('\n')}`);
  await page.close();
  return { compared, hard, review: { lines: reviewed, reasons, msAPosition: Math.round(reviewMs / moves.length) } };
}

/// The first visit's download, in bytes as sent compressed (gzip -9 and brotli, the
/// build's precompressed copies where it made them), against the budget in web/budget.json:
/// the test fails when the game grew past it.
function checkBudget() {
  const budget = JSON.parse(readFileSync(new URL('../../web/budget.json', import.meta.url), 'utf8'));
  const sizes = { raw: 0, gzip: 0, brotli: 0, files: {} };
  for (const file of budget.files) {
    const path = join(site, file);
    const body = readFileSync(path);
    const compressed = (extension, compress) =>
      existsSync(`${path}.${extension}`) ? statSync(`${path}.${extension}`).size : compress(body).length;
    const gzip = compressed('gz', (data) => gzipSync(data, { level: 9 }));
    const brotli = compressed('br', (data) =>
      brotliCompressSync(data, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_LGWIN]: 24 },
      }),
    );
    sizes.files[file] = { raw: body.length, gzip, brotli };
    sizes.raw += body.length;
    sizes.gzip += gzip;
    sizes.brotli += brotli;
  }
  if (sizes.gzip > budget.gzipBytes || sizes.brotli > budget.brotliBytes) {
    fail(
      `the first visit downloads ${sizes.gzip} bytes gzipped (budget ${budget.gzipBytes}) and ` +
        `${sizes.brotli} with brotli (budget ${budget.brotliBytes}): make it smaller, or raise ` +
        'the budget in web/budget.json on purpose',
    );
  }
  return sizes;
}

const server = await serve(site);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const figures = {};
try {
  // KAWU_WEB_PARTS picks parts (worker, desktop, lesson, controllers, qiguo, classic, online,
  // classic-online, qiguo-online, phone) to run while working on one of them; `worker` alone needs only the
  // worker's files.
  const parts = (process.env.KAWU_WEB_PARTS ?? 'worker,desktop,lesson,controllers,qiguo,classic,online,phone').split(',');
  const online = ['online', 'classic-online', 'qiguo-online'].filter((part) => parts.includes(part));
  if (parts.includes('worker')) {
    figures.worker = await thinkInWorker();
    figures.workerWasmBytes = statSync(join(site, 'kawu_worker_bg.wasm')).size;
    writeFileSync(join(shots, 'figures.json'), JSON.stringify(figures, null, 2));
  }
  const game = ['desktop', 'lesson', 'controllers', 'qiguo', 'classic', 'phone'].some((part) => parts.includes(part)) || online.length > 0;
  if (game) figures.firstVisit = checkBudget();
  if (parts.includes('desktop')) {
    // One browser profile for the whole part: its second visit finds the service worker.
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const logs = [];
    page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));

    // 1. Load and wait for the first frame.
    const loadStarted = Date.now();
    await page.goto(withPlaces(url));
    await page.waitForFunction(() => document.body.dataset.state === 'running', null, {
      timeout: 120000,
    });
    const title = await waitForTitle(page, loadStarted, '01-title');
    figures.firstFrameMs = Date.now() - loadStarted;
    figures.firstFrameSteps = await loadSteps(page);
    const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
    if (errors.length) fail(`errors while loading:\n${errors.join('\n')}`);

    // 2. A game for two players on this device, from the menu.
    await openNewGamePage(page, title, '02-new-game-page');
    await pressForLog(page, logs, word('new-hot-seat'), /game started: Seats\(\[Local, Local\]\)/, 'a two-player game');
    await page.waitForTimeout(1500);
    const before = await shoot(page, '03-two-players');
    const tile = await place(page, 'point a1');
    const back = meanColour(before, tile.x, tile.y);
    const otherMoves = logs.filter((l) => /played /.test(l));
    if (otherMoves.length) fail(`starting the game also played: ${otherMoves.join('; ')}`);

    // 3. Flip a piece: the tile turns from its back to a red or blue face.
    const played = await pressForLog(page, logs, tile, /played a1=\S+ \(Local\)/, 'the flip of a1');
    await page.waitForTimeout(1500);
    const after = await shoot(page, '04-flipped');
    const face = meanColour(after, tile.x, tile.y);
    if (distance(back, face) < 40) {
      fail(`the flipped tile looks the same: ${back} -> ${face} (${played})`);
    }
    // The clicks resumed the game's sound.
    const audio = await page.evaluate(() => (window.kawuAudioContexts ?? []).map((c) => c.state));
    figures.audioContexts = audio;
    if (!audio.length || audio.some((state) => state !== 'running')) {
      fail(`the sound was not resumed by the clicks: ${JSON.stringify(audio)}`);
    }
    const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kawu/')));
    if (!saved.some((k) => k.includes('autosave'))) fail(`no autosave in local storage: ${saved}`);

    // 4. Reload (the autosave stays), then a game against the computer: it answers a flip, and
    //    frames keep coming while it thinks.
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.state === 'running', null, {
      timeout: 120000,
    });
    const again = await waitForTitle(page, Date.now(), '05-title-after-reload');
    await page.waitForTimeout(1000);
    await openNewGamePage(page, again, '06-new-game-page-again');
    await pressForLog(page, logs, word('new-start'), /game started: Seats\(\[Local, Computer\(Medium\)\]\)/, 'a game against Medium');
    await page.waitForTimeout(1500);
    // Frame gaps are timed in the page: first while the human's flip is played and shown (the
    // drawing cost alone), then while the computer thinks.
    await page.evaluate(() => {
      window.frameGaps = [];
      let last = performance.now();
      const tick = (now) => {
        window.frameGaps.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const takeFrameGaps = () =>
      page.evaluate(() => window.frameGaps.splice(0).map((gap) => Math.round(gap)));
    const mark = logs.length;
    await pressForLog(page, logs, tile, /played a1=\S+ \(Local\)/, 'the human flip');
    const drawing = await takeFrameGaps();
    await waitForLog(logs, mark, /played \S+ \(Computer\(Medium\)\)/, "the computer's answer", 60000);
    const thinking = await takeFrameGaps();
    // The game logs where the search ran: in the computers' Web Worker, not in slices of frames
    // (the fallback for browsers that cannot start one).
    const thought = (await waitForLog(logs, mark, /computer thought for/, "the computer's thinking report"))
      .match(/thought for (\d+) ms (in a Web Worker|in \d+ slices of at most [\d.]+ ms)/);
    if (!thought) fail('the thinking report does not say where the search ran');
    figures.thinkingMs = Number(thought[1]);
    figures.thinkingWhere = thought[2];
    figures.frameMsWhileDrawing = summarise(drawing);
    figures.frameMsWhileThinking = summarise(thinking);
    await page.waitForTimeout(1500);
    await shoot(page, '07-versus-computer');
    writeFileSync(join(shots, 'figures.json'), JSON.stringify(figures, null, 2));
    if (figures.thinkingWhere !== 'in a Web Worker') {
      fail(`the computer thought ${figures.thinkingWhere}, not in a Web Worker`);
    }
    // And no frame waits for the search: software WebGL takes a few hundred ms a frame here and
    // frames vary with the machine's load (the thinking window also holds the flip's animation),
    // so the bound is loose; a search that held the page would show as a frame of a second or
    // more, its whole budget.
    const frameBound = figures.frameMsWhileDrawing.longest + 500;
    if (figures.frameMsWhileThinking.longest > frameBound) {
      fail(`a frame waited over ${frameBound} ms while the computer thought: ${JSON.stringify(figures)}`);
    }
    const late = logs.filter((l) => /^(error|pageerror)/.test(l));
    if (late.length) fail(`errors while playing:\n${late.join('\n')}`);

    // 5. Settings live in the browser's storage: switch the language there (the game wrote its
    //    settings on start), reload, and the menu comes up in Russian, the setting kept.
    const stored = await page.evaluate(() => localStorage.getItem('kawu/settings.json'));
    if (!stored) fail('the game did not store its settings');
    const russian = JSON.stringify({ ...JSON.parse(stored), language: 'Ru' });
    await page.evaluate((text) => localStorage.setItem('kawu/settings.json', text), russian);
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.state === 'running', null, {
      timeout: 120000,
    });
    const translated = await waitForTitle(page, Date.now(), '08-title-in-russian');
    await page.waitForTimeout(1000);
    const inRussian = await shoot(page, '08-title-in-russian');
    // Both title screens have "Continue" enabled: only the language tells them apart.
    figures.menuChangeWithLanguage = Math.round(regionDifference(again, inRussian, MENU_TEXT));
    if (figures.menuChangeWithLanguage <= 6 || regionDifference(translated, inRussian, MENU_TEXT) > 3) {
      fail(`the menu did not change to Russian (difference ${figures.menuChangeWithLanguage})`);
    }
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('kawu/settings.json')));
    if (kept.language !== 'Ru') fail(`the language setting was not kept: ${JSON.stringify(kept)}`);

    // 6. Xiangqi: chosen on the title screen, a two-player game, three moves with a capture.
    const junqiTitle = await shoot(page, '09-title-junqi');
    await chooseGame(page, logs, 'Xiangqi', 'the Xiangqi title');
    const xiangqiTitle = await shoot(page, '09-title-xiangqi');
    await openNewGamePage(page, xiangqiTitle, '09-xiangqi-new-game-page', 'ru');
    await pressForLog(page, logs, word('new-hot-seat', 'ru'), /game started: Seats\(\[Local, Local\]\)/, 'a Xiangqi game');
    await page.waitForTimeout(2500);
    for (const [from, to] of [['h2', 'e2'], ['h9', 'g7'], ['e2', 'e6']]) {
      await selectAndMove(page, logs, `point ${from}`, `point ${to}`, `played ${from}${to} \\(Local\\)`);
      await page.waitForTimeout(1500);
    }
    await shoot(page, '10-xiangqi');
    const xiangqiErrors = logs.filter((l) => /^(error|pageerror)/.test(l));
    if (xiangqiErrors.length) fail(`errors while playing Xiangqi:\n${xiangqiErrors.join('\n')}`);

    // 6a. The game's own Review: resign, press the result panel's Review the game, and the
    //     Web Worker judges the three moves; the cannon that took e6 is lost to the horse on g7.
    await pressUntilNamed(page, word('hud-resign', 'ru'), word('dialog-cancel', 'ru'), 'the resignation dialog');
    await pressUntil(page, word('hud-resign', 'ru'), () => names(page, word('result-review', 'ru')), 'the result panel');
    const reviewMark = logs.length;
    await pressForLog(page, logs, word('result-review', 'ru'), /review started: 3 steps/, 'the review');
    const finished = await waitForLog(logs, reviewMark, /review finished: 3 steps in (\d+) ms/, 'the end of the review', 120000);
    figures.pageReviewMs = Number(finished.match(/in (\d+) ms/)[1]);
    const judged = logs.slice(reviewMark).filter((l) => /reviewed step/.test(l));
    figures.pageReview = judged.map((l) => l.replace(/^.*reviewed /, ''));
    if (!/reviewed step 3: e2e6 (mistake|blunder) .*Loses\('C'\)/.test(judged[2] ?? '')) {
      fail(`the cannon lost on e6 is no mistake: ${judged.join('; ')}`);
    }
    // The blunder's mark steps the replay to the position it was played in, where the
    // engine's better move shows.
    await pressForLog(page, logs, 'review-mark-3', /replay shows step 2 of 3/, 'the blunder\'s position');
    await page.waitForTimeout(1500);
    await shoot(page, '10c-xiangqi-review');
    const reviewErrors = logs.filter((l) => /^(error|pageerror)/.test(l));
    if (reviewErrors.length) fail(`errors while reviewing:\n${reviewErrors.join('\n')}`);
    // The replay's Share as GIF: the browser downloads the game as an animated picture, the
    // start and each of its three moves a frame.
    const [gif] = await Promise.all([
      page.waitForEvent('download', { timeout: 60000 }),
      pressForLog(page, logs, word('share-gif', 'ru'), /shared a picture: kawu-xiangqi-\d+\.gif/, 'the GIF'),
    ]);
    const gifBytes = readFileSync(await gif.path());
    figures.sharedGif = `${gif.suggestedFilename()} ${gifBytes.length} bytes`;
    if (!/^kawu-xiangqi-\d+\.gif$/.test(gif.suggestedFilename()) || gifBytes.subarray(0, 6).toString() !== 'GIF89a') {
      fail(`the shared game is no GIF: ${figures.sharedGif}`);
    }
    const gifFrames = gifBytes.reduce((count, byte, i) => count + (byte === 0x2c && gifBytes[i - 8] === 0x21 && gifBytes[i - 7] === 0xf9 ? 1 : 0), 0);
    if (gifFrames !== 4) fail(`the shared GIF has ${gifFrames} frames, not the start and 3 moves`);

    // The first page is done with: its frames would slow the next pages down.
    await page.close();

    // 6b. A second visit in the same profile starts from the service worker's cache: nothing is
    //     downloaded again, and the time to the first frame is what is left (compiling the wasm
    //     and starting the game).
    const downloadedBefore = served.length;
    const secondStarted = Date.now();
    const second = await context.newPage();
    await second.goto(withPlaces(url));
    await second.waitForFunction(() => document.body.dataset.state === 'running', null, {
      timeout: 120000,
    });
    await waitForTitle(second, secondStarted, '10b-second-visit');
    figures.secondVisitFirstFrameMs = Date.now() - secondStarted;
    figures.secondVisitSteps = await loadSteps(second);
    const downloaded = served.slice(downloadedBefore);
    figures.secondVisitDownloads = downloaded.map(({ path, bytes }) => `${path} ${bytes}`);
    // (The browser may ask for sw.js again: that is its check for a new version.)
    if (downloaded.some(({ path }) => /\/kawu(_bg\.wasm|\.js)$/.test(path))) {
      fail(`the second visit downloaded the game again: ${figures.secondVisitDownloads.join(', ')}`);
    }
    await context.close();
  }

  // 6c. Qiguo for four at one screen: a person (Qin and Yan) and three Medium computers. The
  //     person moves Qin's cavalry, and the computers play Chu, Han, Qi, Wei and Zhao in turn,
  //     their searches sliced between frames, until Yan's turn comes back to the person.
  if (parts.includes('qiguo')) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const { page, logs, title } = await openGame(context, url, '18-qiguo-title');
    await chooseGame(page, logs, 'Qiguo', 'the Qiguo title');
    await openNewGamePage(page, await shoot(page, '18-qiguo-title'), '18-qiguo-new-game-page');
    const seats = await shoot(page, '18-qiguo-new-game-page');
    const seat2Medium = `seat 2 ${word('level-medium')}`;
    const choice = area(await place(page, seat2Medium));
    await pressUntil(
      page,
      seat2Medium,
      async () => {
        await settle(page);
        return regionDifference(seats, await shoot(page, '18-qiguo-seats'), choice) > 4;
      },
      'a computer for seat 2',
    );
    const fourSeats = /game started: Seats\(\[Local, Computer\(Medium\), Computer\(Medium\), Computer\(Medium\)\]\)/;
    await pressForLog(page, logs, word('new-start'), fourSeats, 'a Qiguo game for four');
    await page.waitForTimeout(2500);
    const mark = logs.length;
    await selectAndMove(page, logs, 'point a7', 'point d3', 'played a7d3 \\(Qin Local\\)');
    await waitForLog(logs, mark, /played \S+ \(Zhao Computer\(Medium\)\)/, "the computers' moves", 90000);
    const answers = logs.slice(mark).filter((l) => /played \S+ \(\S+ Computer/.test(l));
    figures.qiguoComputerMoves = answers.map((l) => l.match(/played (\S+ \(\S+)/)[1]);
    if (figures.qiguoComputerMoves.length !== 5) {
      fail(`the computers did not play the five states in turn: ${figures.qiguoComputerMoves}`);
    }
    await page.waitForTimeout(2000);
    await shoot(page, '19-qiguo-game');
    const qiguoErrors = logs.filter((l) => /^(error|pageerror)/.test(l));
    if (qiguoErrors.length) fail(`errors while playing Qiguo:\n${qiguoErrors.join('\n')}`);
    await context.close();
  }

  // 6d. Junqi classic for two at one screen: each deploys behind the cover (Blue looks away
  //     while Red deploys, and the other way round), then Red and Blue each lift the cover and
  //     move a piece of the front rank into a camp; the covered board shows no rank.
  if (parts.includes('classic')) figures.classic = await playClassic();

  // 6d. The first steps of a lesson.
  if (parts.includes('lesson')) figures.lesson = await walkLesson();

  // 6e. Two controllers at one screen, each playing its own side.
  if (parts.includes('controllers')) figures.controllers = await playWithControllers();

  // 7. Online: kawu-server serves the page; one page creates a room, another opens the invite
  //    link, and a flip on the first shows on the second. Then a Junqi classic room, each page
  //    deploying its own army (`classic-online` runs it alone), and three pages at one Qiguo
  //    table (`qiguo-online` runs it alone).
  if (!game) {
    // The worker alone: no game was loaded.
  } else if (!online.length) {
    console.log('the online part is not among KAWU_WEB_PARTS');
  } else if (serverBinary) {
    const all = parts.includes('online');
    if (all) figures.online = await playOnline(serverBinary);
    if (all || parts.includes('classic-online')) figures.classicOnline = await playClassicOnline(serverBinary);
    if (all || parts.includes('qiguo-online')) figures.qiguoOnline = await playQiguoOnline(serverBinary);
  } else {
    console.log('no kawu-server binary given: the online part is skipped');
  }

  // 8. A phone held upright: taps flip, select and move; nothing overflows the screen.
  if (parts.includes('phone')) {
    figures.phone = await playOnPhone();
    figures.phoneQiguo = await playQiguoOnPhone();
  }

  if (game) figures.wasmBytes = statSync(join(site, 'kawu_bg.wasm')).size;
  writeFileSync(join(shots, 'figures.json'), JSON.stringify(figures, null, 2));
  console.log(`browser test passed: ${JSON.stringify(figures)}; screenshots in ${shots}`);
} finally {
  await browser.close();
  server.close();
}
