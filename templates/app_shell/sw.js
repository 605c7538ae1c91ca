// The site's service worker (pokersite/app_shell.py serves it from the root, scope "/").
// It keeps the static shell and the offline page, shows the offline page when a page is
// opened without a network, and shows "your turn" notifications (from the page while it is
// hidden, or from a Web Push while no page of the table is open).
// Pages themselves are never kept: they are personal and live.
{% autoescape off %}
const VERSION = "{{ version }}";
const CACHE = `poker-shell-${VERSION}`;
const SHELL = {{ shell }};
const OFFLINE = "{{ offline }}";
const CACHE_FIRST = {{ cache_first|yesno:"true,false" }};
{% endautoescape %}
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // Drop the shells of earlier versions, and take the open pages at once.
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("poker-shell-") && n !== CACHE)
        .map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (!SHELL.includes(url.pathname)) return;
  if (CACHE_FIRST) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});

// ---------------------------------------------------------------- "your turn"

// Notifications this worker showed, newest last (the browser tests read them).
const shown = [];

function notify(data) {
  shown.push(data);
  while (shown.length > 20) shown.shift();
  return self.registration.showNotification(data.title || "Your turn", {
    body: data.body || "",
    tag: data.tag || "your-turn",
    renotify: true,
    icon: SHELL.find((u) => u.includes("icon-192")),
    data: { url: data.url || "/" },
  });
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "your-turn") {
    event.waitUntil(notify(message));
  } else if (message.type === "shown" && event.ports[0]) {
    event.ports[0].postMessage(shown);
  }
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(notify(data));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data.url || "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      const page = open.find((c) => c.url === target);
      return page ? page.focus() : self.clients.openWindow(target);
    }),
  );
});
