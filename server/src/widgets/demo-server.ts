import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import type { Logger } from 'pino';
import { REPO_ROOT } from '../config';
import type { DatabaseHandle } from '../db/client';
import { demoPlaceholders, fillPlaceholders } from './demo-placeholders';

const DEMO_DIR = join(REPO_ROOT, 'widgets/demo');

export type WidgetsDemo = { server: Server; port: number; close(): Promise<void> };

type DemoOptions = {
  port: number;
  host: string;
  db: DatabaseHandle;
  /** The API's public origin for {{KIWI_ORIGIN}} (PUBLIC_URL, or http://localhost:PORT). */
  kiwiOrigin: string;
  logger: Logger;
  /** Where intranet.html and its files are (widgets/demo). */
  demoDir?: string;
};

/**
 * `npm start`'s second origin (WIDGETS_DEMO_PORT): an intranet-style page embedding the widgets, so they run on an
 * origin that is not Kiwi's, as they will on a customer's intranet. `/` and `/intranet.html` are widgets/demo/intranet.html
 * with {{KIWI_ORIGIN}}, {{EVENT_ID}}, {{GUILD_ID}}, {{SURVEY_ID}}, {{SHARED_EVENT_ID}} and {{WALKING_EVENT_ID}} filled in; other files of
 * widgets/demo are served as they are. Read on every request, so an edited page shows on reload.
 */
export async function startWidgetsDemo({ port, host, db, kiwiOrigin, logger, demoDir = DEMO_DIR }: DemoOptions): Promise<WidgetsDemo> {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.get(['/', '/intranet.html'], async (_req, res, next) => {
    const file = join(demoDir, 'intranet.html');
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch {
      res.status(404).type('text/plain').send(`${file} is missing.`);
      return;
    }
    try {
      const values = await demoPlaceholders(db.db, { kiwiOrigin, logger });
      res.type('html').send(fillPlaceholders(html, values));
    } catch (error) {
      next(error);
    }
  });
  app.use(express.static(demoDir, { index: false, redirect: false }));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(((error, _req, res, _next) => {
    logger.error({ err: error }, 'widgets demo: request failed');
    res.status(500).type('text/plain').send('The demo page could not be built; see the server log.');
  }) as express.ErrorRequestHandler);

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
