// A real local HTTP server standing in for FCM HTTP v1 in tests and the e2e server (as fake-slack stands in for Slack):
// it records every `messages:send` that arrives and answers from a script, so tests see exactly what FCM would receive.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FcmMessage = {
  token: string;
  notification: { title: string; body: string };
  data: { kind: string; path: string };
  webpush?: { fcm_options?: { link?: string } };
};
export type FcmRequest = { at: number; path: string; authorization: string | undefined; bytes: number; message: FcmMessage };
export type FcmReply = { status: number; headers?: Record<string, string>; body?: object };
export type FcmScript = (request: FcmRequest) => FcmReply;

/** FCM's answer for a token it no longer knows (HTTP v1: 404 NOT_FOUND with errorCode UNREGISTERED). */
export const UNREGISTERED: FcmReply = {
  status: 404,
  body: {
    error: {
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
    },
  },
};
/** FCM's answer for a malformed token. */
export const INVALID_TOKEN: FcmReply = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'The registration token is not a valid FCM registration token',
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' }],
    },
  },
};

const sent = (request: FcmRequest): FcmReply => ({ status: 200, body: { name: `projects/demo-kiwi/messages/${request.at}` } });

export type FakeFcm = {
  url: string;
  received: FcmRequest[];
  /** Answers per request (200 with a message name by default). */
  setScript(script: FcmScript | null): void;
  /** Tokens answered UNREGISTERED from now on. */
  unregistered: Set<string>;
  close(): Promise<void>;
};

export async function startFakeFcm({ port = 0 }: { port?: number } = {}): Promise<FakeFcm> {
  const received: FcmRequest[] = [];
  const unregistered = new Set<string>();
  let script: FcmScript | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const answer = (reply: FcmReply) =>
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body ?? {}));
      // The e2e specs' window on it (another process): what arrived, and tokens to answer UNREGISTERED from now on.
      const control = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && control.pathname === '/received')
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      if (req.method === 'POST' && control.pathname === '/unregistered') {
        unregistered.add(control.searchParams.get('token') ?? '');
        return res.writeHead(204).end();
      }
      if (req.method !== 'POST' || !/^\/v1\/projects\/[^/]+\/messages:send$/.test(req.url ?? '')) {
        return answer({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
      }
      let message: FcmMessage;
      try {
        message = (JSON.parse(raw.toString('utf8')) as { message: FcmMessage }).message;
      } catch {
        return answer({ status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload' } } });
      }
      const request: FcmRequest = {
        at: Date.now(),
        path: req.url ?? '',
        authorization: req.headers.authorization,
        bytes: raw.length,
        message,
      };
      received.push(request);
      if (unregistered.has(message.token)) return answer(UNREGISTERED);
      answer((script ?? sent)(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    unregistered,
    setScript(next) {
      script = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
