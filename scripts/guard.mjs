// Runs a command and stops it with <signal> when whoever started us goes away: our stdin is a pipe from that process
// and ends when it exits, even when it is killed outright. A signal sent to us is passed on as <signal> too.
// Usage: node guard.mjs <signal> <command> [args...]   (the emulator wants SIGINT so it exports its users)
import { spawn } from 'node:child_process';

const [signal, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

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
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code, exitSignal) => process.exit(code ?? (exitSignal ? 1 : 0)));
