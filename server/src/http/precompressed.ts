import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import compression from 'compression';
import express, { type Request, type RequestHandler, type Response } from 'express';

/** The server's order of preference; a client's order among equally weighted codings does not change it. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type Coding = (typeof ENCODINGS)[number]['coding'];

/** An Accept-Encoding longer than this is read no further (browsers send a few dozen characters). */
const MAX_ACCEPT_ENCODING = 1024;

/**
 * The coding to send among the `available` copies, br before gzip before identity (null), of those `accept-encoding`
 * accepts (q > 0, directly or through `*`). No header means identity (RFC 9110 allows any; old clients may not decode).
 */
export function preferredEncoding(
  header: string | string[] | undefined,
  available: ReadonlySet<Coding> = new Set(ENCODINGS.map(({ coding }) => coding)),
): Coding | null {
  if (Array.isArray(header)) header = header.join(',');
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.slice(0, MAX_ACCEPT_ENCODING).split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name.trim()) weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return ENCODINGS.find(({ coding }) => available.has(coding) && accepted(coding))?.coding ?? null;
}

/** The build's files that have a .br or .gz copy beside them (scripts/vite-precompress.ts), relative to `root`. */
function compressedCopies(root: string): Map<string, Set<Coding>> {
  const copies = new Map<string, Set<Coding>>();
  const visit = (folder: string) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        visit(path);
        continue;
      }
      const encoding = ENCODINGS.find(({ suffix }) => name.endsWith(suffix));
      if (!encoding) continue;
      const original = relative(root, path.slice(0, -encoding.suffix.length)).split(sep).join('/');
      copies.set(original, (copies.get(original) ?? new Set()).add(encoding.coding));
    }
  };
  visit(root);
  return copies;
}

/**
 * express.static over a Vite build, sending the build's brotli or gzip copy of a file when the client accepts it
 * (Content-Encoding, the original's Content-Type, `Vary: Accept-Encoding` on every answer for such a file, the identity
 * one included). The copies are listed once at start-up: a rebuild is served after a restart, as npm start does.
 * `setHeaders` gets the original file's path, whichever copy is sent.
 */
export function precompressedStatic(
  root: string,
  { setHeaders, ...options }: Parameters<typeof express.static>[1] & { setHeaders?: (res: Response, path: string) => void } = {},
): RequestHandler {
  const copies = compressedCopies(root);
  const serve = express.static(root, {
    ...options,
    setHeaders: (res, path) => {
      const encoding = ENCODINGS.find(({ coding }) => res.locals.precompressed === coding);
      const original = encoding ? path.slice(0, -encoding.suffix.length) : path;
      if (encoding) {
        res.setHeader('Content-Encoding', encoding.coding);
        // send() keeps a Content-Type already set: the original's, not application/x-brotli.
        res.type(extname(original));
      }
      setHeaders?.(res, original);
    },
  });
  return (req, res, next) => {
    const coding = variantFor(req, copies);
    if (coding === undefined) return serve(req, res, next);
    res.vary('Accept-Encoding');
    if (coding === null) return serve(req, res, next);
    const { url } = req;
    const queryAt = url.indexOf('?');
    const { suffix } = ENCODINGS.find((encoding) => encoding.coding === coding)!;
    res.locals.precompressed = coding;
    req.url = queryAt === -1 ? `${url}${suffix}` : `${url.slice(0, queryAt)}${suffix}${url.slice(queryAt)}`;
    serve(req, res, (error?: unknown) => {
      // The copy went missing since start-up: the original, as if there were no copy.
      req.url = url;
      res.locals.precompressed = undefined;
      if (error) return next(error);
      serve(req, res, next);
    });
  };
}

/** undefined: the file has no copies; null: it has, but the client takes none of them; else the coding to send. */
function variantFor(req: Request, copies: Map<string, Set<Coding>>): Coding | null | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  let path: string;
  try {
    path = decodeURIComponent(req.path).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  const available = copies.get(path);
  if (!available) return undefined;
  return preferredEncoding(req.headers['accept-encoding'], available);
}

/** Sends `path` (an index.html), or its brotli or gzip copy when there is one and the client accepts it. */
export function sendPrecompressedFile(req: Request, res: Response, path: string): void {
  const available = new Set(ENCODINGS.filter(({ suffix }) => exists(`${path}${suffix}`)).map(({ coding }) => coding));
  const encoding = ENCODINGS.find(({ coding }) => coding === preferredEncoding(req.headers['accept-encoding'], available));
  if (available.size > 0) res.vary('Accept-Encoding');
  if (!encoding) {
    res.sendFile(path);
    return;
  }
  res.setHeader('Content-Encoding', encoding.coding);
  res.type(extname(path));
  res.sendFile(`${path}${encoding.suffix}`);
}

const exists = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * JSON answers of the API above 1 kB, compressed per request (brotli, else gzip). Nothing else: Server-Sent Events
 * must reach the client as they are written (compression would buffer them), and images are compressed already.
 */
export function compressJson(): RequestHandler {
  return compression({
    threshold: COMPRESS_MIN_BYTES,
    // Decided here, not by the threshold, so that an answer too small to be compressed also gets no Vary.
    filter: (_req, res) => {
      if (!/^application\/(?:vnd\.api\+)?json\b/i.test(String(res.getHeader('Content-Type') ?? ''))) return false;
      const length = res.getHeader('Content-Length');
      return length === undefined || Number(length) >= COMPRESS_MIN_BYTES;
    },
  });
}

const COMPRESS_MIN_BYTES = 1024;
