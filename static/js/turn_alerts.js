// "Your turn" while the table's tab is hidden: a notification shown by the service worker
// (templates/app_shell/sw.js), only once the player said yes to the browser's question.
// The button also offers Web Push (a notification even with every page closed) where the
// site's operator set it up (docs/deploy.md, "Web Push").

/** Whether this browser can show notifications through a service worker at all. */
export function canNotify() {
  return "Notification" in window && "serviceWorker" in navigator;
}

/** Ask for permission (from a click: browsers refuse to ask otherwise); true when granted. */
export async function askPermission() {
  if (!canNotify()) return false;
  if (Notification.permission === "granted") return true;
  if (Notification.permission === "denied") return false;
  return (await Notification.requestPermission()) === "granted";
}

/** Show "your turn" through the service worker when the page is hidden and the player
 * agreed; returns whether it did. */
export async function tellTurnIfHidden({ title, body, url }) {
  if (!document.hidden || !canNotify() || Notification.permission !== "granted") return false;
  const registration = await navigator.serviceWorker.ready;
  await registration.showNotification(title, {
    body, tag: "your-turn", renotify: true, data: { url },
    icon: "/static/icons/icon-192.png",
  });
  return true;
}

function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
  return found ? decodeURIComponent(found.slice("csrftoken=".length)) : "";
}

function urlBase64ToBytes(text) {
  const padded = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** Subscribe this browser to Web Push (the site's VAPID key) and send the subscription
 * to the site; quietly nothing when the site or the browser does not offer it. */
export async function subscribePush({ publicKey, url }) {
  if (!publicKey || !url || !("PushManager" in window)) return false;
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(publicKey),
    });
  }
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(subscription.toJSON()),
    credentials: "same-origin",
  });
  return response.ok;
}
