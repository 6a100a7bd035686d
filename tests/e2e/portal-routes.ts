// The portal's route patterns as portal/src/routes.tsx declares them, read from the file itself (the spec cannot import
// the React module), so a spec that visits "every route" notices a route added later.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/emulator';

/**
 * Every path pattern of the `<Route>` tree in `source`: nested paths joined, index routes at their parent's path,
 * layout routes (no path) adding nothing. `/org/:identifier/events`, `/`, `*`.
 */
export function routePatterns(source: string): string[] {
  const patterns = new Set<string>();
  const stack: string[] = [];
  // An opening, self-closing or closing <Route> tag; attributes hold no '>' except inside element={<X />} props.
  for (const match of source.matchAll(/<Route\b((?:[^>{]|\{(?:[^{}]|\{[^{}]*\})*\})*?)(\/?)>|<\/Route>/g)) {
    if (match[0] === '</Route>') {
      stack.pop();
      continue;
    }
    const attributes = match[1] ?? '';
    const path = /\bpath="([^"]*)"/.exec(attributes)?.[1];
    const index = /\bindex\b/.test(attributes);
    const full = joinPath([...stack, path ?? '']);
    if (path !== undefined || index) patterns.add(path === '*' ? '*' : full);
    if (match[2] !== '/') stack.push(path ?? '');
  }
  return [...patterns];
}

function joinPath(parts: string[]): string {
  const joined = parts.filter((part) => part !== '').join('/');
  return `/${joined}`;
}

export function portalRoutePatterns(): string[] {
  return routePatterns(readFileSync(join(REPO_ROOT, 'portal/src/routes.tsx'), 'utf8'));
}
