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
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_FORMAT: z.preprocess(blankAsUndefined, z.enum(['json', 'pretty']).optional()),
  SEED_DEMO: booleanFlag.optional(),
  ALLOW_EMULATOR_ON_NETWORK: booleanFlag.optional(),
  PORTAL_DIST: z.string().trim().min(1).default(resolve(REPO_ROOT, 'portal/dist')),
  BODY_LIMIT: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'expected a size such as 1mb or 500kb')
    .default('1mb'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  firebase: {
    projectId: string;
    /** host:port of the Auth Emulator; undefined means the real Firebase project. */
    emulatorHost: string | undefined;
    credentialsFile: string | undefined;
    apiKey: string;
    authDomain: string;
  };
  logLevel: (typeof LOG_LEVELS)[number];
  /** json for machines (default when stdout is not a terminal), pretty for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  seedDemo: boolean;
  portalDist: string;
  bodyLimit: string;
  nodeEnv: 'development' | 'production' | 'test';
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once at start; every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const emulatorHost = e.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost && !e.FIREBASE_API_KEY) {
    throw new ConfigError('FIREBASE_API_KEY is required when FIREBASE_AUTH_EMULATOR_HOST is not set (real Firebase project).');
  }
  return {
    port: e.PORT,
    host: listenHost(e.HOST, { emulator: emulatorHost !== undefined, allowNetwork: e.ALLOW_EMULATOR_ON_NETWORK ?? false }),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      emulatorHost,
      credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS,
      // The emulator accepts any key; 'demo-api-key' is what its docs and our tests use.
      apiKey: e.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    // Demo accounts have a published password: seeded by default only into the emulator, never silently into a real project.
    seedDemo: e.SEED_DEMO ?? emulatorHost !== undefined,
    portalDist: resolve(e.PORTAL_DIST),
    bodyLimit: e.BODY_LIMIT,
    nodeEnv: e.NODE_ENV,
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
