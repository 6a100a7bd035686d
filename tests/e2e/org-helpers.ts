// Helpers for the organisation specs: the mails the e2e server's SMTP sink received (see mailbox.ts and serve.ts).
import { type APIRequestContext, expect } from '@playwright/test';
import { mailboxPort } from './mailbox';

type Mail = { to: string[]; subject: string; text: string };

/** Waits until a mail to `to` reached the SMTP sink and answers the latest one. */
export async function waitForMail(to: string): Promise<Mail> {
  const port = mailboxPort(Number(process.env.E2E_PORT ?? 8090));
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as Mail[];
        found = mails.at(-1);
        return mails.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return found!;
}

export function invitationLink(mail: Mail): string {
  const match = /https?:\/\/\S+\/user\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return match[0];
}

/**
 * A new member of the organisation: a manager (their `headers`) invites `email`, the invitation mail's token is
 * accepted with `password`. Answers the new organisation member's id.
 */
export async function inviteAndAccept(
  request: APIRequestContext,
  {
    headers,
    organizationId,
    email,
    name,
    password,
  }: { headers: Record<string, string>; organizationId: number | string; email: string; name: string; password: string },
): Promise<number> {
  const invited = await request.post(`/api/organizations/${organizationId}/members`, {
    headers,
    data: { organization_member: { email, name } },
  });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(email);
  const invitation = /\/user\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const accepted = await request.post('/api/user/accept_invitation', { data: { user: { token: invitation, name, password } } });
  expect(accepted.ok()).toBe(true);
  return Number((await invited.json()).data.id);
}
