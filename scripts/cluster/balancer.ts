// The small load balancer of `npm run start:cluster` (http-proxy-3): round robin over the replicas that answer ready,
// no sticky sessions, event streams passed through as they come. What a container platform's balancer does, locally.
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

export type Balancer = {
  port: number;
  /** Which replicas take traffic now (their readiness probe answered 200). */
  ready(): boolean[];
  close(): Promise<void>;
};

export type BalancerOptions = {
  port: number;
  host: string;
  /** The replicas' base URLs: http://127.0.0.1:8081 ... */
  targets: string[];
  /** How often each replica's GET /api/ready is asked. */
  probeMs?: number;
  log?: (line: string) => void;
};

/** Request bodies are kept until answered so a request a replica refused can go to another (Kiwi's are far smaller). */
const MAX_BUFFERED_BODY = 32 * 1024 * 1024;
/** Nothing was sent: any method may go to another replica. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND']);
/** The connection broke with no answer: the replica may have acted, so only a safe method goes elsewhere. */
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function startBalancer({ port, host, targets, probeMs = 250, log = () => {} }: BalancerOptions): Promise<Balancer> {
  const ready = targets.map(() => false);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 0 });
  let next = 0;

  const probe = async (index: number) => {
    try {
      const response = await fetch(`${targets[index]}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      setReady(index, response.ok);
    } catch {
      setReady(index, false);
    }
  };
  const setReady = (index: number, value: boolean) => {
    if (ready[index] !== value) log(`replica ${index + 1} (${targets[index]}) ${value ? 'ready' : 'not ready'}`);
    ready[index] = value;
  };
  await Promise.all(targets.map((_target, index) => probe(index)));
  const probing = setInterval(() => targets.forEach((_target, index) => void probe(index)), probeMs);

  /** The next ready replica after the last one chosen, skipping those already tried for this request. */
  const pick = (tried: Set<number>): number | null => {
    for (let step = 0; step < targets.length; step += 1) {
      const index = (next + step) % targets.length;
      if (ready[index] && !tried.has(index)) {
        next = (index + 1) % targets.length;
        return index;
      }
    }
    return null;
  };

  const unavailable = (res: ServerResponse, status: 502 | 503) => {
    if (res.headersSent) return void res.destroy();
    // 503 + Retry-After: no replica got it, so the client may send it again (even a write); 502: one may have acted.
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 503 ? { 'retry-after': '1' } : {}) });
    res.end(JSON.stringify({ errors: [{ status: String(status), code: status === 503 ? 'cluster.noReplica' : 'cluster.replicaFailed' }] }));
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer | null, tried: Set<number>) => {
    const index = pick(tried);
    if (index === null) return unavailable(res, 503);
    tried.add(index);
    proxy.web(
      req,
      res,
      { target: targets[index], ...(body ? { buffer: Readable.from(body.length ? [body] : []) } : {}) },
      (error: Error & { code?: string }) => {
        const code = error.code ?? '';
        if (NOT_CONNECTED.has(code)) setReady(index, false);
        const again = NOT_CONNECTED.has(code) || (BROKEN.has(code) && SAFE_METHODS.has(req.method ?? 'GET'));
        if (again && body && !res.headersSent && !res.destroyed) return forward(req, res, body, tried);
        log(`${req.method} ${req.url} on replica ${index + 1}: ${code || error.message}`);
        unavailable(res, 502);
      },
    );
  };

  const server: Server = createServer((req, res) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BUFFERED_BODY) return forward(req, res, null, new Set());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BUFFERED_BODY) chunks.push(chunk);
      else req.destroy();
    });
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  // Event streams stay open for up to 30 minutes: no request timeout on the balancer.
  server.requestTimeout = 0;
  server.timeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    ready: () => [...ready],
    async close() {
      clearInterval(probing);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      proxy.close();
      agent.destroy();
    },
  };
}
