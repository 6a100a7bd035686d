// The e2e server's SMTP sink and a tiny HTTP endpoint that shows the specs what arrived (GET /mails?to=<address>).
import { createServer } from 'node:http';
import { startSmtpSink } from '../../server/src/mail/smtp-sink';

/** Where serve.ts exposes the mails: the portal's port + 10000 (each helper's e2e port gets its own). */
export const mailboxPort = (portalPort: number) => portalPort + 10_000;

export async function startMailboxEndpoint(portalPort: number) {
  const sink = await startSmtpSink();
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = to ? sink.mails.filter((mail) => mail.to.includes(to)) : sink.mails;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(mailboxPort(portalPort), '127.0.0.1', resolve));
  return {
    smtpUrl: sink.url,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await sink.close();
    },
  };
}
