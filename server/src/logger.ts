import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  return config.logFormat === 'pretty'
    ? pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }))
    : pino(options);
}
