import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { storedMails } from '../db/schema/mail';
import { type MailPayload, renderMail } from './render';

export type MailDependencies = { db: DatabaseHandle; config: Pick<Config, 'mail'> };

const transports = new Map<string, Transporter>();
function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends one `mail.send` outbox payload: over SMTP when SMTP_URL is set, otherwise kept in `stored_mails`
 * (listed at /dev/mailbox in development). Throws on failure so the outbox retries.
 */
export async function deliverMail(payload: MailPayload, { db, config }: MailDependencies): Promise<void> {
  const mail = renderMail(payload);
  if (config.mail.smtpUrl) {
    await smtpTransport(config.mail.smtpUrl).sendMail({
      from: config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return;
  }
  await db.db.insert(storedMails).values(mail);
}

/** The outbox handler for topic `mail.send` (register it in server/src/workers.ts). */
export function mailOutboxHandler(deps: MailDependencies) {
  return async (row: { payload: unknown }) => deliverMail(row.payload as MailPayload, deps);
}
