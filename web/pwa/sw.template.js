// Sudoku Lab's service worker, written by web/pwa/post_build.py at each release build: the
// lab works with no network once visited. Hashed files never change under their name: cache
// first. Pages: network first, the cached page when offline. A new build is a new cache; the
// page offers to reload when it is ready (it posts "activate" to the waiting worker).
const VERSION = "__VERSION__";
const CACHE = `sudoku-lab-${VERSION}`;
const PRECACHE = [
  __PRECACHE__
];
// The files Trunk emits under a fixed name, and lesson files (a teacher edits theirs in place):
// always network first, so they are never stale.
const UNHASHED = /\/([a-z_]*worker(\.js|_bg\.wasm|_loader\.js)|manifest\.webmanifest|sw\.js|[^/]*\.toml)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("sudoku-lab-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

// Every page of the lab is cross-origin isolated (COOP + COEP, as `./dev start` serves it), so
// its clocks tick in microseconds and a study compares times; a static host that cannot set
// headers gets them from here from the second visit on. The lab loads nothing from elsewhere.
function isolated(response) {
  if (response.type === "opaque" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function networkFirst(request, fallback) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(fallback ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallback ?? request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Any page of the lab (its query says what to show) is the one index.html.
    event.respondWith(networkFirst(request, PRECACHE[0]).then(isolated));
  } else if (UNHASHED.test(url.pathname)) {
    event.respondWith(networkFirst(request).then(isolated));
  } else {
    event.respondWith(cacheFirst(request).then(isolated));
  }
});
