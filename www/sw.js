// The playground's service worker: keeps the page and the package files it loads in a cache so
// the playground works offline once it has loaded. Network first (a rebuilt pkg/ shows up on
// the next load), the cache when the network fails.
const CACHE = 'agent-messages-playground-v1';
const FILES = [
  '/', '/index.html', '/app.mjs', '/style.css', '/examples.mjs', '/locate.mjs', '/constructors.mjs',
  '/pkg/index.browser.mjs', '/pkg/page.browser.mjs', '/pkg/api.mjs', '/pkg/web/agent_messages.js', '/pkg/web/agent_messages_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    } catch (e) {
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      throw e;
    }
  })());
});
