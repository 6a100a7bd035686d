// A real local HTTP server standing in for Slack's webhook host and Web API in tests and benchmarks. It records every
// request that arrives and answers from a script, so tests see exactly what Slack would have received.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { at: number; method: string; path: string; headers: IncomingMessage['headers']; body: string; json: unknown };
export type Reply = { status: number; headers?: Record<string, string>; body?: string | object };
/** Decides the answer to one request (all requests so far, this one included, are in `received`). */
export type Script = (request: Received, received: Received[]) => Reply | Promise<Reply>;

export type FakeSlack = {
  url: string;
  /** Every request, in arrival order. */
  received: Received[];
  /** Webhook posts only (paths under /services/). */
  webhookPosts(): Received[];
  /** Web API calls by method name (`users.info`). */
  apiCalls(method: string): Received[];
  setWebhookScript(script: Script): void;
  /** Answers to posts on slash commands' response_urls (paths under /commands/). */
  setResponseUrlScript(script: Script): void;
  setApiHandler(method: string, handler: Script): void;
  close(): Promise<void>;
};

function parse(body: string, contentType: string | undefined): unknown {
  try {
    if (contentType?.includes('application/json')) return JSON.parse(body);
    if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  } catch {
    /* recorded as text */
  }
  return body;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const received: Received[] = [];
  let webhookScript: Script = () => ({ status: 200, body: 'ok' });
  let responseUrlScript: Script = () => ({ status: 200, body: 'ok' });
  const apiHandlers = new Map<string, Script>();

  const answer = (res: ServerResponse, reply: Reply) => {
    const body = typeof reply.body === 'object' ? JSON.stringify(reply.body) : (reply.body ?? '');
    res.writeHead(reply.status, { 'content-type': typeof reply.body === 'object' ? 'application/json' : 'text/plain', ...reply.headers });
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: Received = {
        at: Date.now(),
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        json: parse(body, req.headers['content-type']),
      };
      received.push(request);
      void (async () => {
        try {
          if (request.path.startsWith('/services/')) return answer(res, await webhookScript(request, received));
          if (request.path.startsWith('/commands/')) return answer(res, await responseUrlScript(request, received));
          const method = /^\/api\/([\w.]+)/.exec(request.path)?.[1];
          const handler = method ? apiHandlers.get(method) : undefined;
          if (handler) return answer(res, await handler(request, received));
          return answer(res, { status: 200, body: { ok: true } });
        } catch (error) {
          answer(res, { status: 500, body: String(error) });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    webhookPosts: () => received.filter((r) => r.path.startsWith('/services/')),
    apiCalls: (method) => received.filter((r) => r.path.startsWith(`/api/${method}`)),
    setWebhookScript(script) {
      webhookScript = script;
    },
    setResponseUrlScript(script) {
      responseUrlScript = script;
    },
    setApiHandler(method, handler) {
      apiHandlers.set(method, handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
