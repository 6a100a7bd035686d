import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

export type FileLock = { path: string; release(): void };

/**
 * PGlite is a single-process database: two servers on one data folder would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireLockFile(path: string): FileLock {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          if (readOwner(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner !== null && isProcessAlive(owner)) {
      throw new DatabaseLockedError(
        `The database is in use by another Kiwi process (pid ${owner}${owner === process.pid ? ', this process' : ''}). ` +
          `Stop it first, or point DATA_DIR somewhere else. Lock file: ${path}`,
      );
    }
    // Stale: the owner is gone (crash, kill -9). Remove and try again.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DatabaseLockedError(`Could not take the database lock ${path}`);
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
