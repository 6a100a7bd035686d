import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfig } from './service';
import { startTestServer, testConfig, type TestServer } from '../../test/server';

describe('GET /api/client_config', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives the portal what it needs to start Firebase, without signing in', async () => {
    const response = await server.request('/api/client_config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        type: 'client-configs',
        id: 'web',
        attributes: {
          'firebase-api-key': 'demo-api-key',
          'firebase-project-id': 'demo-kiwi',
          'firebase-auth-domain': 'demo-kiwi.firebaseapp.com',
          'auth-emulator-url': `http://${server.config.firebase.emulatorHost}`,
          'firebase-messaging': null,
          'totp-mfa': false,
        },
      },
    });
  });

  it('has no emulator URL for a real project', () => {
    const config = testConfig({
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'kiwi-prod',
      FIREBASE_API_KEY: 'AIza-real',
      FIREBASE_AUTH_DOMAIN: 'auth.kiwi.example',
    });
    expect(clientConfig(config)).toEqual({
      id: 'web',
      firebaseApiKey: 'AIza-real',
      firebaseProjectId: 'kiwi-prod',
      firebaseAuthDomain: 'auth.kiwi.example',
      authEmulatorUrl: null,
      firebaseMessaging: null,
      totpMfa: false,
    });
  });

  it('offers authenticator-app second factors only when the real project enables them (the emulator has none)', () => {
    const real = { FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_API_KEY: 'AIza-real' };
    expect(clientConfig(testConfig({ ...real, FIREBASE_TOTP_MFA: 'true' })).totpMfa).toBe(true);
    expect(clientConfig(testConfig(real)).totpMfa).toBe(false);
    expect(clientConfig(testConfig({ FIREBASE_TOTP_MFA: 'true' })).totpMfa).toBe(false);
  });

  it('offers web push only with the Messaging settings and a server that can send', () => {
    const messaging = { FIREBASE_APP_ID: '1:42:web:abc', FIREBASE_MESSAGING_SENDER_ID: '42', FIREBASE_VAPID_KEY: 'BPublicKey' };
    expect(clientConfig(testConfig({ ...messaging, FCM_BASE_URL: 'http://127.0.0.1:9' })).firebaseMessaging).toEqual({
      appId: '1:42:web:abc',
      messagingSenderId: '42',
      vapidKey: 'BPublicKey',
    });
    expect(clientConfig(testConfig(messaging)).firebaseMessaging).toBeNull();
    expect(clientConfig(testConfig({ FCM_BASE_URL: 'http://127.0.0.1:9' })).firebaseMessaging).toBeNull();
  });
});
