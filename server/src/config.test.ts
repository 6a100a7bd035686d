import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: `${REPO_ROOT}/data`,
      databaseUrl: undefined,
      firebase: {
        projectId: 'demo-kiwi',
        emulatorHost: '127.0.0.1:9099',
        apiKey: 'demo-api-key',
        authDomain: 'demo-kiwi.firebaseapp.com',
      },
      logLevel: 'info',
      seedDemo: true,
      portalDist: `${REPO_ROOT}/portal/dist`,
      bodyLimit: '64kb',
      nodeEnv: 'development',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/kiwi-data',
      DATABASE_URL: 'postgres://kiwi@db:5432/kiwi',
      FIREBASE_PROJECT_ID: 'kiwi-prod',
      FIREBASE_API_KEY: 'AIza',
      FIREBASE_AUTH_DOMAIN: 'auth.example.com',
      GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SEED_DEMO: 'false',
      PORTAL_DIST: '/srv/portal',
      BODY_LIMIT: '200kb',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/kiwi-data',
      databaseUrl: 'postgres://kiwi@db:5432/kiwi',
      firebase: {
        projectId: 'kiwi-prod',
        emulatorHost: undefined,
        apiKey: 'AIza',
        authDomain: 'auth.example.com',
        credentialsFile: '/secrets/sa.json',
      },
      logLevel: 'warn',
      logFormat: 'json',
      seedDemo: false,
      portalDist: '/srv/portal',
      bodyLimit: '200kb',
      nodeEnv: 'production',
    });
  });

  it('seeds the demo accounts by default only into the emulator', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).seedDemo).toBe(true);
    expect(loadConfig({ FIREBASE_API_KEY: 'AIza', FIREBASE_PROJECT_ID: 'kiwi-prod' }).seedDemo).toBe(false);
    expect(loadConfig({ FIREBASE_API_KEY: 'AIza', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('serves the widgets from widgets/dist and starts no demo server unless WIDGETS_DEMO_PORT is set', () => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig(emulator).widgets).toEqual({ dist: `${REPO_ROOT}/widgets/dist`, demoPort: undefined });
    expect(loadConfig({ ...emulator, WIDGETS_DEMO_PORT: '' }).widgets.demoPort).toBeUndefined();
    expect(loadConfig({ ...emulator, WIDGETS_DIST: '/srv/widgets', WIDGETS_DEMO_PORT: '8081' }).widgets).toEqual({
      dist: '/srv/widgets',
      demoPort: 8081,
    });
    expect(() => loadConfig({ ...emulator, WIDGETS_DEMO_PORT: 'demo' })).toThrow(/WIDGETS_DEMO_PORT/);
    // Port 0 would listen anywhere while the demo seed registers http://localhost:0.
    expect(() => loadConfig({ ...emulator, WIDGETS_DEMO_PORT: '0' })).toThrow(/WIDGETS_DEMO_PORT/);
  });

  it('sends push to FCM_BASE_URL, to Google with a real project credentials file, and otherwise not at all', () => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig(emulator).push).toEqual({ fcmBaseUrl: undefined, projectId: 'demo-kiwi', adminCredential: false, web: null });
    expect(loadConfig({ ...emulator, FCM_BASE_URL: 'http://127.0.0.1:28104' }).push.fcmBaseUrl).toBe('http://127.0.0.1:28104');
    const real = { FIREBASE_PROJECT_ID: 'kiwi-prod', FIREBASE_API_KEY: 'AIza-real' };
    expect(loadConfig(real).push).toMatchObject({ fcmBaseUrl: undefined, adminCredential: true });
    expect(loadConfig({ ...real, GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json' }).push).toMatchObject({
      fcmBaseUrl: 'https://fcm.googleapis.com',
      projectId: 'kiwi-prod',
      adminCredential: true,
    });
    expect(() => loadConfig({ ...emulator, FCM_BASE_URL: 'ftp://fcm' })).toThrow(/FCM_BASE_URL/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).databaseUrl).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe', DATABASE_URL: 'mysql://x', FIREBASE_AUTH_EMULATOR_HOST: 'x:1' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO/,
    );
    expect(() => loadConfig({ BODY_LIMIT: 'lots', FIREBASE_AUTH_EMULATOR_HOST: 'x:1' })).toThrow(ConfigError);
  });

  describe('HOST', () => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    const realProject = { FIREBASE_API_KEY: 'AIza', FIREBASE_PROJECT_ID: 'kiwi-prod' };

    it('listens on every interface by default against a real Firebase project', () => {
      expect(loadConfig(realProject).host).toBe('0.0.0.0');
      expect(loadConfig({ ...realProject, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    });

    it('listens on loopback only by default with the Auth Emulator, which accepts unsigned tokens', () => {
      expect(loadConfig(emulator).host).toBe('127.0.0.1');
      expect(loadConfig({ ...emulator, HOST: '' }).host).toBe('127.0.0.1');
    });

    it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])(
      'accepts the loopback address %s with the emulator',
      (host) => {
        expect(loadConfig({ ...emulator, HOST: host }).host).toBe(host);
      },
    );

    it.each(['0.0.0.0', '::', '192.168.1.20', 'kiwi.internal', '128.0.0.1'])('refuses HOST=%s with the emulator', (host) => {
      expect(() => loadConfig({ ...emulator, HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ ...emulator, HOST: host })).toThrow(/ALLOW_EMULATOR_ON_NETWORK=true/);
    });

    it('allows a network address with the emulator only when ALLOW_EMULATOR_ON_NETWORK=true', () => {
      expect(loadConfig({ ...emulator, HOST: '0.0.0.0', ALLOW_EMULATOR_ON_NETWORK: 'true' }).host).toBe('0.0.0.0');
      expect(() => loadConfig({ ...emulator, HOST: '0.0.0.0', ALLOW_EMULATOR_ON_NETWORK: 'false' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...emulator, HOST: '0.0.0.0', ALLOW_EMULATOR_ON_NETWORK: 'perhaps' })).toThrow(/ALLOW_EMULATOR_ON_NETWORK/);
      // The flag changes nothing else: the default stays loopback.
      expect(loadConfig({ ...emulator, ALLOW_EMULATOR_ON_NETWORK: 'true' }).host).toBe('127.0.0.1');
    });
  });

  it('needs a web API key for a real Firebase project', () => {
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'kiwi-prod' })).toThrow(/FIREBASE_API_KEY/);
  });
});
