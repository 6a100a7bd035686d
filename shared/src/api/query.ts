export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

/**
 * Rails-style query string, as Rack parses it: `{ ids: [1, 2], q: { most_used: true } }` -> `ids[]=1&ids[]=2&q[most_used]=true`.
 * Brackets stay literal, names and values are percent-encoded; null and undefined are left out; dates go as ISO strings.
 */
export function serializeQuery(params: QueryParams): string {
  const pairs: string[] = [];
  const add = (name: string, value: QueryValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${name}[]`, item);
    } else if (value instanceof Date) {
      pairs.push(`${name}=${encodeURIComponent(value.toISOString())}`);
    } else if (typeof value === 'object') {
      for (const [key, nested] of Object.entries(value)) add(`${name}[${encodeURIComponent(key)}]`, nested);
    } else {
      pairs.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(encodeURIComponent(key), value);
  return pairs.join('&');
}

/** `path` with the serialised query appended (after `?`, or `&` when the path already has a query). */
export function withQuery(path: string, params: QueryParams | undefined): string {
  const query = params ? serializeQuery(params) : '';
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
