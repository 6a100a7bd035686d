import qs from 'qs';

/**
 * Rails/Rack-style query strings: `ids[]=1&ids[]=2` -> `{ ids: ['1', '2'] }`, `q[most_used]=true` -> `{ q: { most_used: 'true' } }`.
 * Limits keep a hostile query from building huge objects: deeper brackets stay literal keys, indexes past
 * `arrayLimit` turn the array into an object (which the route's schema then rejects).
 */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 100, parameterLimit: 200 } as const;

export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, {
    ...QUERY_LIMITS,
    allowPrototypes: false,
    allowDots: false,
    plainObjects: true,
    charset: 'utf-8',
    // `?page=1&page=2` keeps the last value, as Rack does.
    duplicates: 'last',
  });
}
