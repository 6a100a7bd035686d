// Runs a command and stops it with <signal> when whoever started us goes away: our stdin is a pipe from that process
// and ends when it exits, even when it is killed outright. A signal sent to us is passed on as <signal> too.
// Usage: node guard.mjs <signal> <command> [args...]   (the emulator wants SIGINT so it exports its users)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const [signal, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });

// The child's output passes through us, so a reader that went away (a closed terminal, a dead parent) costs only the
// output: the child never writes into a broken pipe and dies before it has shut down cleanly.
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  let open = true;
  to.on('error', () => (open = false));
  from.on('data', (chunk) => open && to.write(chunk));
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
  setTimeout(() => child.kill('SIGKILL'), 25_000).unref();
}
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const received of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(received, stop);
child.on('exit', (code, exitSignal) => {
  // A scratch folder the child worked in (KIWI_GUARD_REMOVE) goes with it, however its parent ended.
  if (process.env.KIWI_GUARD_REMOVE) rmSync(process.env.KIWI_GUARD_REMOVE, { recursive: true, force: true });
  process.exit(code ?? (exitSignal ? 1 : 0));
});
