// Kiwi's push service worker: shows what FCM delivers and opens the page it names when the notification is clicked.
// Plain (no Firebase SDK): the portal's Firebase Messaging only needs a registration whose pushManager it subscribes.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    return;
  }
  const notification = payload.notification ?? {};
  const data = payload.data ?? {};
  if (!notification.title) return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body ?? '',
      tag: data.kind,
      data: { path: typeof data.path === 'string' && data.path.startsWith('/') ? data.path : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.path ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
