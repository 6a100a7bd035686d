import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

/**
 * AES-256-GCM for the Slack credentials stored per organisation. The key is SLACK_CREDENTIALS_KEY (32 bytes, base64);
 * outside production an unset key falls back to a fixed development key, so demo data works without setup but is
 * not secret. Stored form: `v1:<iv>:<tag>:<ciphertext>`, each base64.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

const DEVELOPMENT_KEY = createHash('sha256').update('kiwi development slack credentials key').digest();

export class MissingCredentialsKeyError extends Error {
  override name = 'MissingCredentialsKeyError';
}

export function secretBox(config: Pick<Config, 'nodeEnv' | 'slack'>): SecretBox {
  const key = config.slack.credentialsKey
    ? Buffer.from(config.slack.credentialsKey, 'base64')
    : config.nodeEnv === 'production'
      ? null
      : DEVELOPMENT_KEY;
  const requireKey = (): Buffer => {
    if (!key) throw new MissingCredentialsKeyError('SLACK_CREDENTIALS_KEY is required in production to store Slack credentials');
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', requireKey(), iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unreadable sealed secret');
      // The full 16-byte tag only: GCM would otherwise accept a truncated tag, which is far easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', requireKey(), Buffer.from(iv, 'base64'), { authTagLength: 16 });
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
