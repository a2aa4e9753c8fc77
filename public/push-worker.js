// SwapShed's Web Push service worker (decision 085): registered by My Account → Notifications → "Notify this
// browser" only where the site has VAPID keys. It shows each push as a notification (the notice's line; never a
// message's words) and, on a tap, focuses a SwapShed tab on the notice's link or opens one. Only paths on this
// site are opened: a payload naming another site is sent to the notification centre instead.
/* global self, clients */

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title.slice(0, 200) : "SwapShed";
  const body = typeof data.body === "string" ? data.body.slice(0, 200) : "";
  const url = sameOriginPath(data.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: "/favicon.svg",
      badge: "/favicon.svg",
      data: { url },
      tag: url,
    }),
  );
});

/** A path on this site ("/notifications/…"), or the notification centre for anything else. */
function sameOriginPath(value) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/notifications";
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : "/notifications";
  } catch {
    return "/notifications";
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const open = await clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of open) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ("navigate" in client) return client.navigate(url);
        return undefined;
      }
      return clients.openWindow(url);
    })(),
  );
});
