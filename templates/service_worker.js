/* Doko's service worker, served as /sw.js (app/web/routes/install.py) so that its scope is the
   whole site. It keeps one thing: the offline page of each language and the files that page
   uses. When a page cannot be fetched because the server cannot be reached, it shows the
   offline page in the player's language instead of the browser's error.

   Nothing else is ever stored or answered from storage: a game's pages and htmx's requests
   go to the server as if there were no worker (a stale table would be a wrong one), and only
   a navigation that fails outright gets the offline page. A form sent (New game, Daily game)
   that fails so sends the browser back to the page it was on, which then shows the offline
   page: there its Try again asks for that page again, where at the form's own address it
   would ask for a page that answers only forms. The server writes the lists below and the
   version, which changes with any of the pages or files. */

const VERSION = {{ version | tojson }};
const PAGES = {{ pages | tojson }};
const FILES = {{ files | tojson }};
const KEPT = `doko-offline-${VERSION}`;
/* The player's language, as the last page told it (install.js), kept across versions. */
const CHOICE = "doko-language";
const CHOICE_KEY = "/offline/language";
let language = null;

self.addEventListener("install", (event) => {
  const fresh = [...Object.values(PAGES), ...FILES].map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(KEPT).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("doko-offline-") && name !== KEPT)
      .map((name) => caches.delete(name)));
    // The page's request starts while the worker wakes up, rather than after it.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const told = event.data && event.data.language;
  if (Object.hasOwn(PAGES, told) && told !== language) {
    language = told;
    event.waitUntil(caches.open(CHOICE).then((cache) => cache.put(CHOICE_KEY, new Response(told))));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate" && request.method !== "GET") {
    event.respondWith(fetch(request).catch(() => backToTheForm(request)));
  } else if (request.mode === "navigate") {
    event.respondWith(fromServer(event).catch(offlinePage));
  } else if (request.method === "GET" && FILES.includes(sameSitePath(request.url))) {
    // A kept file's URL names its content: the kept copy is the same file.
    event.respondWith(caches.match(request, { cacheName: KEPT }).then((kept) => kept || fetch(request)));
  }
});

/* The server's answer, whatever it is (an error page included); rejects only when there is
   no answer at all. */
async function fromServer(event) {
  return (await event.preloadResponse) || fetch(event.request);
}

/* The page a form was sent from, asked for again (it shows the offline page while the server
   cannot be reached); the home page when the browser did not say (no same-site referrer). */
function backToTheForm(request) {
  const from = request.referrer && sameSitePath(request.referrer);
  return Response.redirect(from ? request.referrer : "/", 303);
}

async function offlinePage() {
  const page = await caches.match(PAGES[await chosenLanguage()], { cacheName: KEPT });
  return page || Response.error();
}

async function chosenLanguage() {
  if (language === null) {
    const told = await caches.match(CHOICE_KEY, { cacheName: CHOICE });
    language = told ? await told.text() : null;
  }
  if (Object.hasOwn(PAGES, language)) return language;
  // Never told (the first page's message not yet arrived): the browser's languages decide.
  const wanted = navigator.languages.map((tag) => tag.split("-")[0].toLowerCase());
  return wanted.find((code) => Object.hasOwn(PAGES, code)) || "en";
}

function sameSitePath(address) {
  const url = new URL(address);
  return url.origin === self.location.origin ? url.pathname + url.search : null;
}
