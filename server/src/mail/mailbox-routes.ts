import { desc } from 'drizzle-orm';
import { Router } from 'express';
import { storedMails } from '../db/schema/mail';
import type { ModuleDependencies } from '../modules/deps';
import { escapeHtml } from '../http/html';

/** GET /dev/mailbox: the stored mails, newest first (development only, and only when no SMTP_URL is set). */
export function devMailboxRoutes({ db, config }: ModuleDependencies): Router {
  const router = Router();
  if (config.nodeEnv !== 'development') return router;
  router.get('/dev/mailbox', async (req, res) => {
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
