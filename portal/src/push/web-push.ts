// Firebase Messaging for push on this browser. Imported only when a member turns push on or off (never with the
// sign-in page or on a page load): the Messaging SDK is its own chunk (vite.config.ts keeps it out of firebase-sdk).
import type { ClientConfig } from '@kiwi/shared/api/client-config';
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging';

/** The service worker that shows the notifications (portal/public); its own scope, so it never controls the pages. */
const SERVICE_WORKER = '/firebase-messaging-sw.js';
const SERVICE_WORKER_SCOPE = '/firebase-cloud-messaging-push-scope';
const APP_NAME = 'kiwi-push';

type Messaging = NonNullable<ClientConfig['firebaseMessaging']>;

export class PushUnsupportedError extends Error {
  override name = 'PushUnsupportedError';
}

/** A Firebase app of its own: Messaging needs the app id and sender id, which the sign-in app does not carry. */
function pushApp(config: ClientConfig, messaging: Messaging): FirebaseApp {
  return (
    getApps().find((app) => app.name === APP_NAME) ??
    initializeApp(
      {
        apiKey: config.firebaseApiKey,
        projectId: config.firebaseProjectId,
        appId: messaging.appId,
        messagingSenderId: messaging.messagingSenderId,
      },
      APP_NAME,
    )
  );
}

/** This browser's FCM registration token (permission must already be granted). */
export async function obtainPushToken(config: ClientConfig): Promise<string> {
  const messaging = config.firebaseMessaging;
  if (!messaging || !(await isSupported())) throw new PushUnsupportedError('Firebase Messaging is not supported here');
  const serviceWorkerRegistration = await navigator.serviceWorker.register(SERVICE_WORKER, { scope: SERVICE_WORKER_SCOPE });
  return getToken(getMessaging(pushApp(config, messaging)), { vapidKey: messaging.vapidKey, serviceWorkerRegistration });
}

/** Tells FCM this browser's token is no longer wanted; best effort (the server has forgotten the device already). */
export async function releasePushToken(config: ClientConfig): Promise<void> {
  const messaging = config.firebaseMessaging;
  if (!messaging || !(await isSupported())) return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  if (!registration) return;
  const instance = getMessaging(pushApp(config, messaging));
  await getToken(instance, { vapidKey: messaging.vapidKey, serviceWorkerRegistration: registration }).catch(() => null);
  await deleteToken(instance);
}
