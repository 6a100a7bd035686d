import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''].includes(value), 'expected true or false')
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(blankAsUndefined, z.string().trim().optional());

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // No default here: it depends on whether the Auth Emulator is configured (see loadConfig).
  HOST: z.preprocess(blankAsUndefined, z.string().trim().min(1).optional()),
  DATA_DIR: z.string().trim().min(1).default(resolve(REPO_ROOT, 'data')),
  DATABASE_URL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
      .optional(),
  ),
  /** Issue 22: rate-limit counts live in this Redis when set (shared by every replica), else in PostgreSQL or memory. */
  REDIS_URL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, 'expected a redis:// URL')
      .optional(),
  ),
  FIREBASE_PROJECT_ID: z.string().trim().min(1).default('demo-kiwi'),
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[^/\s]+:\d+$/, 'expected host:port')
      .optional(),
  ),
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  FIREBASE_API_KEY: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  /** The Firebase project has the TOTP second factor enabled (Identity Platform); the portal then offers it. */
  FIREBASE_TOTP_MFA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.preprocess(blankAsUndefined, z.enum(['json', 'pretty']).optional()),
  SEED_DEMO: booleanFlag.optional(),
  ALLOW_EMULATOR_ON_NETWORK: booleanFlag.optional(),
  PORTAL_DIST: z.string().trim().min(1).default(resolve(REPO_ROOT, 'portal/dist')),
  BODY_LIMIT: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'expected a size such as 1mb or 500kb')
    .default('64kb'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WORKERS: booleanFlag.optional(),
  /** How long a replica answers as "not ready" after SIGTERM before it stops accepting (docs/deploy.md). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  PUBLIC_URL: z.preprocess(blankAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SLACK_API_URL: z.preprocess(blankAsUndefined, z.url({ protocol: /^https?$/ }).default('https://slack.com/api/')),
  SLACK_CREDENTIALS_KEY: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'expected 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
  ),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  TRUST_PROXY: z.preprocess(blankAsUndefined, z.string().trim().optional()),
  SMTP_URL: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(blankAsUndefined, z.string().trim().default('Kiwi <no-reply@kiwi.example>')),
  // FCM HTTP v1 host (tests and the demo point it at a local receiver); unset = Google's with a real project's credentials, else push off.
  FCM_BASE_URL: z.preprocess(blankAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // The portal's Web Push (Firebase Messaging) settings; without all three the portal does not offer push on the device.
  FIREBASE_APP_ID: optionalString,
  FIREBASE_MESSAGING_SENDER_ID: optionalString,
  FIREBASE_VAPID_KEY: optionalString,
  // The e-gift issuer prizes are issued through (issue 18); unset = the dev issuer in development, else issuing is off.
  GIFT_ISSUER_URL: z.preprocess(blankAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  GIFT_ISSUER_TOKEN: optionalString,
  WIDGETS_DIST: z.string().trim().min(1).default(resolve(REPO_ROOT, 'widgets/dist')),
  // Not 0 ("any free port"): the demo seed registers http://localhost:<this port> as acme's embed origin.
  WIDGETS_DEMO_PORT: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  firebase: {
    projectId: string;
    /** host:port of the Auth Emulator; undefined means the real Firebase project. */
    emulatorHost: string | undefined;
    credentialsFile: string | undefined;
    apiKey: string;
    authDomain: string;
    /** Authenticator-app (TOTP) second factors are enabled in the project; never with the emulator, which lacks them. */
    totpMfa: boolean;
  };
  logLevel: (typeof LOG_LEVELS)[number];
  /** json for machines (default when stdout is not a terminal), pretty for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  seedDemo: boolean;
  portalDist: string;
  bodyLimit: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** Outbox and jobs workers in this process (WORKERS=false leaves them to `npm run worker -w server`). */
  workers: boolean;
  /** Graceful shutdown: drainMs of "not ready" before the listener closes (issue 22). */
  shutdown: { drainMs: number };
  /** Where people open the portal; links in Slack messages. Defaults to http://localhost:PORT. */
  publicUrl: string;
  slack: {
    /** Slack Web API base URL (tests point it at a local fake). */
    apiUrl: string;
    /** base64 AES-256 key for Slack credentials at rest; when unset outside production a fixed development key is used. */
    credentialsKey: string | undefined;
  };
  /** Requests per minute each IP may make to the public calls (shared events, guest uploads). */
  publicRateLimit: number;
  /** Express `trust proxy`: hops (`1`) or addresses of the load balancer, so per-IP limits see the client; unset = none. */
  trustProxy: boolean | number | string;
  mail: {
    /** nodemailer SMTP transport URL; unset = mails are stored in the database (listed at /dev/mailbox in development). */
    smtpUrl: string | undefined;
    from: string;
  };
  push: PushConfig;
  giftIssuer: GiftIssuerConfig;
  widgets: {
    /** The built widgets (`npm run build -w widgets`), served at /widgets/. */
    dist: string;
    /** Port of the second origin serving widgets/demo/intranet.html (`npm start` sets 8081); undefined = no demo server. */
    demoPort: number | undefined;
  };
};

export type PushConfig = {
  /** Where FCM HTTP v1 requests go; undefined = push is off (outbox rows are marked skipped). */
  fcmBaseUrl: string | undefined;
  projectId: string;
  /** Send the admin credential's OAuth token (a real project); the emulator project's local receivers need none. */
  adminCredential: boolean;
  /** Firebase Messaging in the portal; null = the portal does not offer push on its device. */
  web: { appId: string; messagingSenderId: string; vapidKey: string } | null;
};

export type GiftIssuerConfig = {
  /** Base URL of the e-gift issuer (POST {url}/v1/gifts); undefined = prizes stay pending (issuing is off). */
  url: string | undefined;
  /** Sent as a Bearer token. */
  token: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once at start; every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnvironment(env);
  const emulatorHost = e.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost && !e.FIREBASE_API_KEY) {
    throw new ConfigError('FIREBASE_API_KEY is required when FIREBASE_AUTH_EMULATOR_HOST is not set (real Firebase project).');
  }
  return {
    port: e.PORT,
    host: listenHost(e.HOST, { emulator: emulatorHost !== undefined, allowNetwork: e.ALLOW_EMULATOR_ON_NETWORK ?? false }),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      emulatorHost,
      credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS,
      // The emulator accepts any key; 'demo-api-key' is what its docs and our tests use.
      apiKey: e.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      totpMfa: emulatorHost === undefined && (e.FIREBASE_TOTP_MFA ?? false),
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    // Demo accounts have a published password: seeded by default only into the emulator, never silently into a real project.
    seedDemo: e.SEED_DEMO ?? emulatorHost !== undefined,
    portalDist: resolve(e.PORTAL_DIST),
    bodyLimit: e.BODY_LIMIT,
    nodeEnv: e.NODE_ENV,
    workers: e.WORKERS ?? true,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    slack: { apiUrl: e.SLACK_API_URL, credentialsKey: e.SLACK_CREDENTIALS_KEY },
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY === undefined ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    push: pushConfig(e),
    giftIssuer: giftIssuerConfig(e),
    widgets: { dist: resolve(e.WIDGETS_DIST), demoPort: e.WIDGETS_DEMO_PORT },
  };
}

function parseEnvironment(env: NodeJS.ProcessEnv) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The standalone workers' settings (`npm run worker -w server`): no HTTP listener and no Firebase, which they never use. */
export type WorkerConfig = Pick<
  Config,
  'dataDir' | 'databaseUrl' | 'logLevel' | 'logFormat' | 'nodeEnv' | 'publicUrl' | 'slack' | 'mail' | 'push' | 'giftIssuer'
> & {
  /**
   * Firebase admin access for `identity.delete_account` outbox rows (issue 22): the Auth Emulator at
   * FIREBASE_AUTH_EMULATOR_HOST, or the real project with GOOGLE_APPLICATION_CREDENTIALS; null = neither is set, and
   * those rows wait for a process that has it (a server with workers on).
   */
  adminIdentity: { projectId: string; emulatorHost: string | undefined } | null;
};

/** Like loadConfig, but starts with only DATABASE_URL (and the Slack and mail settings): no Firebase variables required. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnvironment(env);
  return {
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    nodeEnv: e.NODE_ENV,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    slack: { apiUrl: e.SLACK_API_URL, credentialsKey: e.SLACK_CREDENTIALS_KEY },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    push: pushConfig(e),
    giftIssuer: giftIssuerConfig(e),
    adminIdentity:
      e.FIREBASE_AUTH_EMULATOR_HOST || e.GOOGLE_APPLICATION_CREDENTIALS
        ? { projectId: e.FIREBASE_PROJECT_ID, emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST }
        : null,
  };
}

/**
 * GIFT_ISSUER_URL when set. Without it, a development server on this machine issues through its own dev issuer
 * (/dev/gift-issuer, like the dev mailbox) so the demo shows issued prizes; anywhere else prizes wait, pending.
 */
function giftIssuerConfig(e: ReturnType<typeof parseEnvironment>): GiftIssuerConfig {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const devIssuer = e.NODE_ENV === 'development' && isLoopback(new URL(publicUrl).hostname) ? `${publicUrl}/dev/gift-issuer` : undefined;
  return { url: (e.GIFT_ISSUER_URL ?? devIssuer)?.replace(/\/+$/, ''), token: e.GIFT_ISSUER_TOKEN };
}

/** Push is on with FCM_BASE_URL, or with a real project's credentials file (Google's host); otherwise off. */
function pushConfig(e: ReturnType<typeof parseEnvironment>): PushConfig {
  const realProject = !e.FIREBASE_AUTH_EMULATOR_HOST;
  const web =
    e.FIREBASE_APP_ID && e.FIREBASE_MESSAGING_SENDER_ID && e.FIREBASE_VAPID_KEY
      ? { appId: e.FIREBASE_APP_ID, messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID, vapidKey: e.FIREBASE_VAPID_KEY }
      : null;
  return {
    fcmBaseUrl: e.FCM_BASE_URL ?? (realProject && e.GOOGLE_APPLICATION_CREDENTIALS ? 'https://fcm.googleapis.com' : undefined),
    projectId: e.FIREBASE_PROJECT_ID,
    adminCredential: realProject,
    web,
  };
}

/**
 * With the Auth Emulator firebase-admin accepts unsigned tokens and the demo uids are public, so whoever reaches the
 * server can sign in as anyone, admin included: in emulator mode it listens on loopback only unless told otherwise.
 */
function listenHost(host: string | undefined, { emulator, allowNetwork }: { emulator: boolean; allowNetwork: boolean }): string {
  if (!emulator) return host ?? '0.0.0.0';
  if (host === undefined) return '127.0.0.1';
  if (isLoopback(host) || allowNetwork) return host;
  throw new ConfigError(
    `HOST=${host} would expose the Firebase Auth Emulator mode to the network: it accepts unsigned ID tokens, so anyone ` +
      'who reaches the server could act as any user, admin included. Use HOST=127.0.0.1 (the default with the emulator), ' +
      'or set ALLOW_EMULATOR_ON_NETWORK=true if this network is trusted.',
  );
}

export function isLoopback(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare);
}
