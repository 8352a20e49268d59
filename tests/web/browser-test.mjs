// The browser test: serves the web build on loopback, loads it in Debian's Chromium (headless,
// WebGL2 through SwiftShader), waits for the first frame, starts a two-player game from the menu,
// flips a piece, checks the page changed where it should and that the autosave reached the
// browser's storage, then plays a flip against the computer and checks that it answers without
// freezing the page. Screenshots are kept in the output folder.
//
//   node tests/web/browser-test.mjs <web build folder> [screenshot folder]

import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

const site = resolve(process.argv[2] ?? 'target/kawu-web');
const shots = resolve(process.argv[3] ?? join(site, '..', 'web-screenshots'));
mkdirSync(shots, { recursive: true });

// The window the game is tested in; the click positions below belong to this size.
const VIEWPORT = { width: 1280, height: 800 };
// Where the menu buttons and a board point are in that window (measured on screenshots of the
// build; the console log confirms every click did what it should).
const MENU = {
  newGame: { x: 640, y: 450 },
  twoPlayers: { x: 640, y: 335 },
  start: { x: 640, y: 529 },
};
const BOARD = {
  // a1, the first player's corner.
  firstFlip: { x: 425, y: 727 },
};
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

function serve(root) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
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
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

function fail(message) {
  throw new Error(message);
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

function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

async function shoot(page, name) {
  const buffer = await page.screenshot({ path: join(shots, `${name}.png`) });
  return decode(buffer);
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
  const page = await browser.newPage({ viewport: VIEWPORT });
  const logs = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));

  // 1. Load and wait for the first frame.
  const loadStarted = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.state === 'running', null, {
    timeout: 120000,
  });
  let title;
  for (;;) {
    title = await shoot(page, '01-title');
    if (colourBuckets(title) >= 80) break;
    if (Date.now() - loadStarted > 120000) fail('the title screen never appeared');
    await page.waitForTimeout(250);
  }
  figures.firstFrameMs = Date.now() - loadStarted;
  const errors = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (errors.length) fail(`errors while loading:\n${errors.join('\n')}`);

  // 2. A game for two players on this device, from the menu.
  await page.mouse.click(MENU.newGame.x, MENU.newGame.y);
  await settle(page);
  await shoot(page, '02-new-game-page');
  let mark = logs.length;
  await page.mouse.click(MENU.twoPlayers.x, MENU.twoPlayers.y);
  await waitForLog(logs, mark, /game started: \[Local, Local\]/, 'a two-player game');
  await page.waitForTimeout(1500);
  const before = await shoot(page, '03-two-players');

  // 3. Flip a piece: the tile turns from its back to a red or blue face.
  const tile = BOARD.firstFlip;
  const back = meanColour(before, tile.x, tile.y);
  mark = logs.length;
  await page.mouse.click(tile.x, tile.y);
  const played = await waitForLog(logs, mark, /played [a-e]\d+ \(Local\)/, 'the flip');
  await page.waitForTimeout(1500);
  const after = await shoot(page, '04-flipped');
  const face = meanColour(after, tile.x, tile.y);
  if (distance(back, face) < 40) {
    fail(`the flipped tile looks the same: ${back} -> ${face} (${played})`);
  }
  // The first click resumed the game's sound.
  const audio = await page.evaluate(() => (window.kawuAudioContexts ?? []).map((c) => c.state));
  figures.audioContexts = audio;
  if (!audio.length || audio.some((state) => state !== 'running')) {
    fail(`the sound was not resumed by the clicks: ${JSON.stringify(audio)}`);
  }
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kawu/')));
  if (!saved.some((k) => k.includes('autosave'))) fail(`no autosave in local storage: ${saved}`);

  // 4. Back to the menu, then a game against the computer: it answers a flip, and frames keep
  //    coming while it thinks.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'running', null, {
    timeout: 120000,
  });
  await page.waitForTimeout(2000);
  await shoot(page, '05-title-after-reload');
  await page.mouse.click(MENU.newGame.x, MENU.newGame.y);
  await settle(page);
  mark = logs.length;
  await page.mouse.click(MENU.start.x, MENU.start.y);
  await waitForLog(logs, mark, /game started: \[Local, Computer\(Medium\)\]/, 'a game against Medium');
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    window.longestFrameMs = 0;
    let last = performance.now();
    const tick = (now) => {
      window.longestFrameMs = Math.max(window.longestFrameMs, now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  mark = logs.length;
  await page.mouse.click(tile.x, tile.y);
  await waitForLog(logs, mark, /played [a-e]\d+ \(Local\)/, 'the human flip');
  await waitForLog(logs, mark, /played \S+ \(Computer\(Medium\)\)/, "the computer's answer", 60000);
  figures.longestFrameWhileThinkingMs = Math.round(await page.evaluate(() => window.longestFrameMs));
  await page.waitForTimeout(1500);
  await shoot(page, '06-versus-computer');
  if (figures.longestFrameWhileThinkingMs > 400) {
    fail(`a frame waited ${figures.longestFrameWhileThinkingMs} ms while the computer thought`);
  }
  const late = logs.filter((l) => /^(error|pageerror)/.test(l));
  if (late.length) fail(`errors while playing:\n${late.join('\n')}`);

  const wasm = statSync(join(site, 'kawu_bg.wasm')).size;
  figures.wasmBytes = wasm;
  writeFileSync(join(shots, 'figures.json'), JSON.stringify(figures, null, 2));
  console.log(`browser test passed: ${JSON.stringify(figures)}; screenshots in ${shots}`);
} finally {
  await browser.close();
  server.close();
}
