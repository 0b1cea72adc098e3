// The service worker: pages read at the table stay readable when the hall's Wi-Fi drops.
// Network first, always: a page is fetched fresh when the network answers, and the copy kept is only used
// offline. Kept: the pages a player reads (their home, army, pairings, standings, the rules library and the
// step-throughs), fetched as they are visited or warmed from the home; never a form's answer, an account page,
// the admin or the API. Logging out deletes every copy.
const CACHE = "dba-pages-v1";
const OFFLINE = "{{ offline_url }}";
const KEEP = [/^\/me\/$/, /^\/e\/[^/]+\/$/, /^\/e\/[^/]+\/entries\/\d+\/(army|game)\/$/, /^\/e\/[^/]+\/pairings\/(\d+\/)?$/,
  /^\/e\/[^/]+\/standings\/$/, /^\/rulings\//, /^\/static\//, /^\/offline\/$/];

function kept(url) {
  return url.origin === self.location.origin && KEEP.some((pattern) => pattern.test(url.pathname));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([OFFLINE])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

async function fetchAndKeep(request) {
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && !request.headers.get("HX-Request")) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // An htmx request (a poll, a swap) wants a fragment: never a whole page kept for reading offline, which htmx
  // would swap into the page. Offline it fails, and the page stays as it was.
  if (request.method !== "GET" || !kept(url) || request.headers.get("HX-Request")) return;
  event.respondWith(fetchAndKeep(request).catch(async () => {
    const copy = await caches.match(request, { ignoreVary: true });
    if (copy) return copy;
    if (request.mode === "navigate") return (await caches.match(OFFLINE)) || Response.error();
    return Response.error();
  }));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.warm) {
    // The home names the pages to keep ready: the army sheet, the pairings, the rules.
    event.waitUntil(Promise.all(data.warm.map((path) => {
      const url = new URL(path, self.location.origin);
      return kept(url) ? fetchAndKeep(new Request(url, { credentials: "same-origin" })).catch(() => null) : null;
    })));
  }
  if (data.forget) event.waitUntil(caches.delete(CACHE));
});
