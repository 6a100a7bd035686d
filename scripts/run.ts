// Small process helpers for the start and test scripts.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';

export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Starts a long-lived child in its own process group (a terminal's Ctrl-C reaches it only through us, in order) behind
 * scripts/guard.mjs, so it is stopped with `signal` even when this process dies without cleaning up.
 */
export function spawnGuarded(
  signal: NodeJS.Signals,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; output?: 'inherit' | 'pipe' } = {},
): ChildProcess {
  const output = options.output ?? 'inherit';
  const guard = spawn(process.execPath, [join(import.meta.dirname, 'guard.mjs'), signal, command, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', output, output],
    detached: true,
  });
  // The pipe to the guard must not keep this process alive; its end is the guard's cue.
  (guard.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return guard;
}

export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT', graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}
