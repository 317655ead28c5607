/* Registers the service worker (its address in the script's data-worker, served by
   app/web/routes/install.py), which makes the site installable and shows an offline page
   when the server cannot be reached, and tells it this page's language, in which that page
   should speak. After the page has loaded, so that the worker's first download never delays
   the page itself. */
const worker = document.currentScript.dataset.worker;
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(worker).catch(() => {
      // No worker (a private window may refuse one): the site works as before, without it.
    });
    navigator.serviceWorker.ready.then((registration) => {
      registration.active.postMessage({ language: document.documentElement.lang });
    });
  });
}
