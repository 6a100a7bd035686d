// The e2e server's local FCM HTTP v1 receiver (server/src/test/fake-fcm.ts, started by serve.ts) as the specs reach it.
import type { APIRequestContext } from '@playwright/test';
import type { FcmRequest } from '../../server/src/test/fake-fcm';

/** Where serve.ts runs the receiver: the portal's port + 20000 (the mailbox has + 10000). */
export const fcmReceiverPort = (portalPort: number) => portalPort + 20_000;
const receiverUrl = () => `http://127.0.0.1:${fcmReceiverPort(Number(process.env.E2E_PORT ?? 8090))}`;

/** The web push settings the e2e server offers the portal (FIREBASE_APP_ID and co.); the VAPID key is a P-256 point. */
export const WEB_PUSH = {
  appId: '1:123456789012:web:0123456789abcdef',
  messagingSenderId: '123456789012',
  vapidKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
};

export async function fcmReceived(request: APIRequestContext): Promise<FcmRequest[]> {
  const response = await request.get(`${receiverUrl()}/received`);
  return (await response.json()) as FcmRequest[];
}

/** From now on the receiver answers this token as FCM does a token it no longer knows (404 UNREGISTERED). */
export async function unregisterAtFcm(request: APIRequestContext, token: string): Promise<void> {
  await request.post(`${receiverUrl()}/unregistered?token=${encodeURIComponent(token)}`);
}
