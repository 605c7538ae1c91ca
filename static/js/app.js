// Every page: the service worker (pokersite/app_shell.py), for installing the site as an
// app, the offline page and "your turn" notifications. Pages work the same without it.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Refused (a private window, an http origin other than localhost): nothing is lost.
  });
}
