import { desc } from 'drizzle-orm';
import { Router } from 'express';
import { storedMails } from '../db/schema/mail';
import type { ModuleDependencies } from '../modules/deps';
import { escapeHtml } from '../http/html';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopbackPeer = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * GET /dev/mailbox: the stored mails, newest first. It shows live invitation links, so an unlisted path is no
 * protection: only in development (NODE_ENV's default, so also checked below), only for a server whose public URL is
 * this machine, and only to a client on this machine; anywhere else the path does not exist.
 */
export function devMailboxRoutes({ db, config }: ModuleDependencies): Router {
  const router = Router();
  if (config.nodeEnv !== 'development' || !LOOPBACK_HOSTS.has(new URL(config.publicUrl).hostname)) return router;
  router.get('/dev/mailbox', async (req, res, next) => {
    if (!isLoopbackPeer(req.socket.remoteAddress)) return next();
    const mails = await db.db.select().from(storedMails).orderBy(desc(storedMails.id)).limit(100);
    if (req.accepts(['html', 'json']) === 'json') {
      res.json(mails);
      return;
    }
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p>To: ${escapeHtml(mail.to)} — ${mail.createdAt.toISOString()}</p>${mail.html.replace(/^<!doctype html><html><body>|<\/body><\/html>$/g, '')}</article><hr>`,
      )
      .join('\n');
    res
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kiwi mailbox</title></head><body><h1>Kiwi mailbox (development)</h1>${config.mail.smtpUrl ? '<p>SMTP_URL is set: mails go out over SMTP and are not kept here.</p>' : ''}${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
  return router;
}
