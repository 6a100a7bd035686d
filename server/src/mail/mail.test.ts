import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedMails } from '../db/schema/mail';
import { startTestServer, testConfig, type TestServer } from '../test/server';
import { deliverMail } from './deliver';
import { renderMail } from './render';
import { invitationLinkIn, startSmtpSink } from './smtp-sink';

const invitation = (language: 'ja' | 'en', to = 'hanako@example.com') => ({
  to,
  language,
  template: 'invitation',
  params: { name: '花子', organizationName: 'ACME <株式会社>', link: 'http://localhost:8080/user/invitation?token=abc_DEF-123', days: 7 },
});

describe('mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: testConfig({ NODE_ENV: 'development' }) });
  });
  afterAll(() => server.close());

  it('renders the invitation in both languages, the link as an anchor and the rest escaped in HTML', () => {
    const ja = renderMail(invitation('ja'));
    expect(ja.subject).toBe('ACME <株式会社> から Kiwi への招待が届きました');
    expect(ja.text).toContain('花子 様');
    expect(ja.text).toContain('7日後');
    expect(ja.html).toContain('<a href="http://localhost:8080/user/invitation?token=abc_DEF-123">');
    expect(ja.html).toContain('ACME &lt;株式会社&gt;');
    expect(renderMail(invitation('en')).subject).toBe('You are invited to Kiwi by ACME <株式会社>');
    expect(() => renderMail({ ...invitation('en'), template: 'nope' })).toThrow();
  });

  it('sends over SMTP when SMTP_URL is set', async () => {
    const sink = await startSmtpSink();
    try {
      await deliverMail(invitation('en', 'smtp@example.com'), {
        db: server.db,
        config: { mail: { smtpUrl: sink.url, from: 'Kiwi <no-reply@kiwi.example>' } },
      });
      const mail = await sink.waitFor('smtp@example.com');
      expect(mail.from).toBe('no-reply@kiwi.example');
      expect(invitationLinkIn(mail)).toBe('http://localhost:8080/user/invitation?token=abc_DEF-123');
    } finally {
      await sink.close();
    }
  });

  it('keeps the mail in the database without SMTP_URL and lists it at /dev/mailbox in development', async () => {
    await deliverMail(invitation('ja', 'stored@example.com'), { db: server.db, config: { mail: { smtpUrl: undefined, from: 'x' } } });
    const rows = await server.db.db.select().from(storedMails);
    expect(rows.map((row) => row.to)).toContain('stored@example.com');
    const json = await server.request('/dev/mailbox', { headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    expect(json.body[0]).toMatchObject({ to: 'stored@example.com', subject: 'ACME <株式会社> から Kiwi への招待が届きました' });
    const html = await server.request('/dev/mailbox', { headers: { accept: 'text/html' } });
    expect(html.body).toContain('stored@example.com');
    expect(html.body).toContain('ACME &lt;株式会社&gt;');
  });

  it('has no /dev/mailbox in development when the public URL is not this machine (its invitation links are live)', async () => {
    const exposed = await startTestServer({ config: testConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://kiwi.example.com' }) });
    try {
      const response = await exposed.request('/dev/mailbox', { headers: { accept: 'application/json' } });
      expect(response.status).toBe(404);
    } finally {
      await exposed.close();
    }
  });

  it('has no /dev/mailbox outside development', async () => {
    const production = await startTestServer({ config: testConfig({ NODE_ENV: 'production' }) });
    try {
      const response = await production.request('/dev/mailbox', { headers: { accept: 'application/json' } });
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
