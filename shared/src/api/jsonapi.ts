import { truncateLongClusters } from '../domain/graphemes';

export type ResourceIdentifier = { type: string; id: string };
export type Relationship = { data?: ResourceIdentifier | ResourceIdentifier[] | null; links?: unknown; meta?: unknown };
export type ResourceObject = ResourceIdentifier & {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  links?: unknown;
  meta?: unknown;
};
export type JsonApiDocument = {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
};

/** List meta as the server sends it (`total-count` ...), camelCased. */
export type DocumentMeta = { totalCount?: number; currentPage?: number; totalPages?: number; [key: string]: unknown };
export type DecodedDocument<T> = { data: T; meta?: DocumentMeta; links?: Record<string, unknown> };

/** `organization-members` / `resting_heart_rate` -> `organizationMembers` / `restingHeartRate`. */
export function camelize(name: string): string {
  return name.replace(/[-_]+([a-z0-9])/gi, (_, next: string) => next.toUpperCase());
}

/** `organizationMembers` / `resting_heart_rate` -> `organization-members` / `resting-heart-rate`. */
export function kebabize(name: string): string {
  return name.replace(/_/g, '-').replace(/[A-Z]/g, (upper, offset: number) => `${offset > 0 ? '-' : ''}${upper.toLowerCase()}`);
}

function camelizeKeys(object: Record<string, unknown> | undefined, mapValue: (value: unknown) => unknown = (value) => value) {
  return Object.fromEntries(Object.entries(object ?? {}).map(([key, value]) => [camelize(key), mapValue(value)]));
}

/**
 * Every string in an attribute value with its over-long grapheme clusters cut (domain/graphemes.ts): the API refuses
 * them, but text stored before it did must not stall the layout of a page or widget showing it.
 */
function boundedText(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return truncateLongClusters(value);
  if (depth > MAX_ATTRIBUTE_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => boundedText(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, boundedText(item, depth + 1)]));
}
// Attributes are flat or shallow (reactions, poll items); the bound only keeps a hostile document from recursing deep.
const MAX_ATTRIBUTE_DEPTH = 8;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const keyOf = (identifier: ResourceIdentifier) => `${identifier.type}\u0000${identifier.id}`;

/**
 * A JSON:API document as the client uses it: each resource becomes `{ id, type, ...attributes, ...relationships }` with
 * camelCase names, `id` kept a string, text in attributes without clusters over the bound, and relationships replaced by the resources found in `data` or `included`.
 * A relationship to a resource that is not in the document stays `{ id, type }`. So does one that points back to a resource
 * still being decoded: the result has no reference cycles, which JSON.stringify and react-query's structural sharing need.
 */
export function decodeDocument<T>(doc: unknown): DecodedDocument<T | T[]> {
  if (!isObject(doc)) throw new TypeError('Expected a JSON:API document');
  const { data, included, meta, links } = doc as JsonApiDocument;
  const resources = new Map<string, ResourceObject>();
  for (const resource of [...(Array.isArray(data) ? data : data ? [data] : []), ...(included ?? [])]) {
    resources.set(keyOf(resource), resource);
  }

  const decoded = new Map<string, Record<string, unknown>>();
  const inProgress = new Set<string>();
  const decode = (identifier: ResourceIdentifier): Record<string, unknown> => {
    const key = keyOf(identifier);
    const done = decoded.get(key);
    if (done) return done;
    const resource = resources.get(key);
    const stub = { id: String(identifier.id), type: camelize(identifier.type) };
    if (!resource || inProgress.has(key)) return stub;

    inProgress.add(key);
    const result: Record<string, unknown> = { ...stub, ...camelizeKeys(resource.attributes, boundedText) };
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      // A relationship given only as links (no `data`) is not in the document: leave it out rather than claim it empty.
      if (!isObject(relationship) || !('data' in relationship)) continue;
      const target = relationship.data;
      result[camelize(name)] = Array.isArray(target) ? target.map(decode) : target ? decode(target) : null;
    }
    inProgress.delete(key);
    decoded.set(key, result);
    return result;
  };

  const result: DecodedDocument<T | T[]> = {
    data: (Array.isArray(data) ? data.map(decode) : data ? decode(data) : null) as T | T[],
  };
  if (isObject(meta)) result.meta = camelizeKeys(meta);
  if (isObject(links)) result.links = links;
  return result;
}
