import type { IncomingMessage, ServerResponse } from 'node:http';
import { type App, type Receiver, type ReceiverEvent, verifySlackRequest } from '@slack/bolt';
import type { SlackWorkspaces } from './ports';

/** Slack's own rule: a request signed more than five minutes away from now (either way) is refused as a replay. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
const BODY_LIMIT = 1024 * 1024;

type Parsed = { body: Record<string, unknown>; teamId: string | null };

/** Slash commands are form-encoded, interactivity is a form field `payload` holding JSON, events are JSON. */
function parseBody(raw: string, contentType: string): Parsed | null {
  try {
    if (contentType.includes('application/x-www-form-urlencoded')) {
      const form = Object.fromEntries(new URLSearchParams(raw));
      if (typeof form.payload === 'string') {
        const payload = JSON.parse(form.payload) as { team?: { id?: string }; user?: { team_id?: string } } & Record<string, unknown>;
        return { body: payload, teamId: payload.team?.id ?? payload.user?.team_id ?? null };
      }
      return { body: form, teamId: typeof form.team_id === 'string' ? form.team_id : null };
    }
    if (contentType.includes('application/json')) {
      const body = JSON.parse(raw) as Record<string, unknown>;
      return { body, teamId: typeof body.team_id === 'string' ? body.team_id : null };
    }
  } catch {
    return null;
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * A Bolt receiver for many workspaces in one process. It reads the raw body itself (it must be mounted before any
 * body parser), finds the workspace's signing secret by team id and has Bolt's verifySlackRequest check the signature
 * with it (Bolt's own receivers take one signing secret, so they cannot serve several workspaces), then hands the
 * event to Bolt. Bolt refuses stale timestamps but accepts future ones: the header check here refuses both, before
 * the body is read. The first ack() answers Slack; a listener that throws before acking gets a 500.
 */
export class KiwiReceiver implements Receiver {
  private app: App | null = null;

  constructor(private readonly options: { workspaces: SlackWorkspaces; now?: () => Date; onError?: (error: unknown) => void }) {}

  init(app: App): void {
    this.app = app;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** A plain Node request handler; Express mounts it with `app.use('/slack', handler)`. */
  readonly requestHandler = (req: IncomingMessage, res: ServerResponse): void => {
    this.handle(req, res).catch((error: unknown) => {
      this.options.onError?.(error);
      if (!res.headersSent) reply(res, 500, 'internal error');
    });
  };

  private verified(signingSecret: string, signature: string, timestamp: number, body: string, nowSeconds: number): boolean {
    try {
      verifySlackRequest({
        signingSecret,
        body,
        headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp },
        nowMilliseconds: nowSeconds * 1000,
      });
      return true;
    } catch {
      return false;
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return reply(res, 405, 'method not allowed');
    // What the headers can refuse is refused before a byte of the body is read (the connection then closes).
    const timestamp = String(req.headers['x-slack-request-timestamp'] ?? '');
    const signature = String(req.headers['x-slack-signature'] ?? '');
    const now = Math.floor((this.options.now?.() ?? new Date()).getTime() / 1000);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS)
      return reply(res, 401, 'stale or future request', 'text/plain', { unread: true });
    if (Number(req.headers['content-length']) > BODY_LIMIT) return reply(res, 413, 'payload too large', 'text/plain', { unread: true });
    const raw = await readBody(req);
    if (raw === null) return reply(res, 413, 'payload too large');
    const parsed = parseBody(raw, String(req.headers['content-type'] ?? ''));
    if (!parsed) return reply(res, 400, 'unreadable body');

    const workspace = parsed.teamId ? await this.options.workspaces.byTeamId(parsed.teamId) : null;
    // An unknown team cannot be verified: the same answer as a bad signature, so probing tells nothing.
    if (!workspace || !this.verified(workspace.signingSecret, signature, Number(timestamp), raw, now))
      return reply(res, 401, 'invalid signature');

    if (parsed.body.type === 'url_verification')
      return reply(res, 200, JSON.stringify({ challenge: parsed.body.challenge }), 'application/json');
    if (parsed.body.ssl_check) return reply(res, 200, '');
    if (!this.app) return reply(res, 503, 'not ready');

    let acked = false;
    const event: ReceiverEvent = {
      body: parsed.body,
      retryNum: Number(req.headers['x-slack-retry-num']) || undefined,
      retryReason: typeof req.headers['x-slack-retry-reason'] === 'string' ? req.headers['x-slack-retry-reason'] : undefined,
      ack: async (response?: unknown) => {
        if (acked) return;
        acked = true;
        if (response === undefined || response === '') reply(res, 200, '');
        else if (typeof response === 'string') reply(res, 200, response, 'text/plain');
        else reply(res, 200, JSON.stringify(response), 'application/json');
      },
    };
    await this.app.processEvent(event);
    if (!acked) reply(res, 200, '');
  }
}

/** `unread`: the request's body was not read, so the connection closes after the answer instead of draining it. */
function reply(res: ServerResponse, status: number, body: string, type = 'text/plain', { unread = false } = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...(unread ? { connection: 'close' } : {}) });
  res.end(body);
}
