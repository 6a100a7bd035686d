// A staff action's kind, derived from its route so that the log needs no table kept by hand: the route's fixed words
// joined by dots, then what the method does (`PUT /api/organizations/:id` -> `organizations.update`).

const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/** The route pattern without the `/api` base, e.g. `/organizations/:id`. */
const withoutBase = (route: string) => route.replace(/^\/api(?=\/|$)/, '');

/** The fixed words of a route pattern, parameters left out (`:id`, `*rest`, `{/:optional}`), each made a plain word. */
function fixedWords(route: string): string[] {
  return withoutBase(route)
    .replace(/\{[^}]*\}/g, '')
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith(':') && !segment.startsWith('*'))
    .map((segment) =>
      segment
        .toLowerCase()
        .replace(/[^a-z0-9_]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    )
    .filter((word) => word !== '');
}

/** `organizations.members.update` for `PUT /api/organizations/:organizationId/members/:memberId`. */
export function staffActionKind(method: string, route: string): string {
  const verb = VERBS[method.toUpperCase()] ?? method.toLowerCase().replace(/[^a-z]+/g, '');
  return [...fixedWords(route), verb].join('.');
}

/**
 * What a route acts on: its last parameter and the fixed word before it (`members` and the `:memberId` value); a
 * route without parameters names its last fixed word and no id (`POST /gifts` -> `gifts`).
 */
export function staffActionTarget(route: string, params: Record<string, string | undefined>): { type: string | null; id: string | null } {
  const segments = withoutBase(route).split('/').filter(Boolean);
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const segment = segments[index] ?? '';
    if (!segment.startsWith(':')) continue;
    const value = params[segment.slice(1)];
    const before = segments
      .slice(0, index)
      .reverse()
      .find((word) => !word.startsWith(':'));
    if (value !== undefined) return { type: before ?? null, id: value.slice(0, 200) };
  }
  const words = fixedWords(route);
  return { type: words.at(-1) ?? null, id: null };
}
