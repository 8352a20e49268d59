// Kawu's service worker: keeps the app shell (the page, kawu.js, kawu_bg.wasm, the computer
// players' worker think-worker.js with its search module kawu_worker.js and kawu_worker_bg.wasm,
// the manifest and the icons) in a cache named after the build, and answers those from it first,
// so a second visit downloads nothing and the game against the computer starts offline. The
// worker's requests come here too: a dedicated worker belongs to the page that started it.
//
// scripts/build-web.sh stamps BUILD with a hash of the shell's files. A new build is therefore a
// new sw.js: the browser installs it next to the running one (downloading the new shell into a
// new cache), and it takes over once every window of the old version is closed, deleting the old
// cache. One window never mixes files of two builds.
//
// The sounds (assets/…), which the game asks for once its title is drawn, are kept in the same
// cache the first time they are fetched: later visits and offline play have them too.
//
// Everything else goes to the network untouched: the WebSocket (/ws), /health, and any other
// file. Any page address in the scope (an invite link's ?join=CODE too) gets the cached page;
// the query string stays for the page to read and is never stored.

const BUILD = '__KAWU_BUILD__';
const CACHE = `kawu-${BUILD}`;
const SHELL = [
  './',
  'kawu.js',
  'kawu_bg.wasm',
  'think-worker.js',
  'kawu_worker.js',
  'kawu_worker_bg.wasm',
  'manifest.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The page of this build may have put kawu_bg.wasm here already (its first visit).
      const missing = [];
      for (const path of SHELL) {
        if (!(await cache.match(path))) missing.push(path);
      }
      // 'no-cache': revalidate with the server, so a file the page has just downloaded comes
      // from the browser's HTTP cache (a 304) while a changed one is downloaded again.
      await cache.addAll(missing.map((path) => new Request(path, { cache: 'no-cache' })));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('kawu-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  let key = null;
  if (request.mode === 'navigate' && (path === '' || path === 'index.html')) {
    key = './';
  } else if (url.search === '' && path !== '' && SHELL.includes(path)) {
    key = path;
  }
  if (key === null && url.search === '' && path.startsWith('assets/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const cached = await cache.match(path);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) await cache.put(path, response.clone());
        return response;
      }),
    );
    return;
  }
  if (key === null) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      .then((cached) => cached ?? fetch(request)),
  );
});
