import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DatabaseLockedError } from './lock';

// PGlite on disk (the default without DATABASE_URL): whatever engine the run tests, this is about the lock file.
describe('PGlite lock file', () => {
  const dirs: string[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiwi-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second open of the same data folder, and allows it after close', async () => {
    const dataDir = freshDataDir();
    const first = await openDatabase({ dataDir, databaseUrl: undefined });
    expect(first.engine).toBe('pglite');
    expect(readFileSync(join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));

    const second = openDatabase({ dataDir, databaseUrl: undefined });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(/in use by another Kiwi process \(pid \d+/);

    await first.close();
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    const again = await openDatabase({ dataDir, databaseUrl: undefined });
    expect(await again.ping()).toBe(true);
    await again.close();
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dataDir = freshDataDir();
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dataDir, 'db.lock'), String(deadPid));
    const handle = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(readFileSync(join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('creates the data folder when it is missing', async () => {
    const dataDir = join(freshDataDir(), 'nested', 'data');
    const handle = await openDatabase({ dataDir, databaseUrl: undefined });
    await handle.close();
    expect(existsSync(join(dataDir, 'db'))).toBe(true);
  });
});
