// Melody Studio's service worker: the app's shell and built files, for a second visit that starts at once
// and a page that still opens offline. It never keeps the API's answers or anyone's songs: those are
// private, and change.
const shell = "melody-shell-v1"

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(shell)
      .then((cache) => cache.addAll(["/", "/manifest.webmanifest", "/favicon.svg"]))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== shell).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  )
})

/** Built files are named after their content: kept once fetched, never asked again. */
const isBuilt = (url) => url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")

self.addEventListener("fetch", (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== "GET" || url.origin !== self.location.origin) return
  if (url.pathname.startsWith("/api/")) return
  if (request.mode === "navigate") {
    // The page from the network (it may have changed); the kept shell only when the network fails.
    event.respondWith(
      fetch(request).catch(() => caches.match("/").then((kept) => kept ?? Response.error())),
    )
    return
  }
  if (!isBuilt(url)) return
  event.respondWith(
    caches.match(request).then(
      (kept) =>
        kept ??
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone()
            event.waitUntil(caches.open(shell).then((cache) => cache.put(request, copy)))
          }
          return response
        }),
    ),
  )
})
