import type { Logger } from 'pino';

declare global {
  namespace Express {
    interface Request {
      /** The request's logger, carrying its id (see requestLogging in app.ts). */
      log: Logger;
    }
  }
}
