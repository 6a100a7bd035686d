import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  if (config.logFormat === 'pretty') {
    return pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
  }
  // Buffered writes: one write(2) per few KB instead of one per request line. Flushed before the process exits.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing buffered, or stdout already closed.
    }
  });
  return pino(options, destination);
}
