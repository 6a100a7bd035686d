import { kebabize as kebabizeName } from '@kiwi/shared/api/jsonapi';

// Attribute names repeat on every response; converting each once keeps the presenter off the hot path.
const kebabNames = new Map<string, string>();
function kebabize(name: string): string {
  let kebab = kebabNames.get(name);
  if (kebab === undefined) {
    kebab = kebabizeName(name);
    if (kebabNames.size < 10_000) kebabNames.set(name, kebab);
  }
  return kebab;
}

type Id = string | number;
type Row = object;

/** Attribute names to copy (camelCase, kebab-cased on output), or a function building them. */
export type AttributeSpec<T> = readonly (keyof T & string)[] | ((row: T) => Record<string, unknown>);

export type ResourceSpec<T> = {
  attributes: AttributeSpec<T>;
  /** Keyed by relationship name (camelCase is fine, it is kebab-cased). */
  relationships?: Record<string, RelationshipSpec<T>>;
  /** Defaults to `row.id`. */
  id?: (row: T) => Id;
};

// biome-ignore lint/suspicious/noExplicitAny: a relationship's rows have their own type, unknown to the parent's spec.
export type RelationshipSpec<T> = ResourceSpec<any> & {
  /** JSON:API type of the related resource, kebab-case plural: `organization-members`. */
  type: string;
  /** The related row(s); an array makes a to-many relationship. */
  data: (row: T) => Row | readonly Row[] | null | undefined;
};

export type Pagination = { page: number; per: number; total: number /** request URL for `links` */; url?: string };

export type SerializeOptions<T> = ResourceSpec<T> & {
  /** Relationship paths to put into `included`: `['organizationMembers', 'organizationMembers.organization']`. */
  include?: readonly string[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
  /** Adds `meta: { total-count, current-page, total-pages }` and, with `url`, first/prev/next/last links. */
  pagination?: Pagination;
};

export type ResourceIdentifier = { type: string; id: string };
export type ResourceObject = ResourceIdentifier & {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
};
export type JsonApiDocument = {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
};

/**
 * Rows -> JSON:API document. Types and attribute names are kebab-case, ids strings, dates ISO strings;
 * `included` holds each related resource once and never repeats a primary one.
 */
export function serialize<T extends Row>(
  type: string,
  rows: T | readonly T[] | null | undefined,
  options: SerializeOptions<T>,
): JsonApiDocument {
  const included = new Map<string, ResourceObject>();
  const primaryKeys = new Set<string>();
  const includeTree = buildIncludeTree(options.include ?? []);

  const list = Array.isArray(rows) ? (rows as readonly T[]) : null;
  const single = list ? null : ((rows as T | null | undefined) ?? null);
  for (const row of list ?? (single ? [single] : [])) primaryKeys.add(keyOf(type, resourceId(row, options)));

  const present = <R extends Row>(resourceType: string, row: R, spec: ResourceSpec<R>, tree: IncludeTree): ResourceObject => {
    const object: ResourceObject = {
      type: resourceType,
      id: String(resourceId(row, spec)),
      attributes: presentAttributes(row, spec.attributes),
    };
    if (spec.relationships) {
      object.relationships = {};
      for (const [name, relation] of Object.entries(spec.relationships)) {
        const relationName = kebabize(name);
        const related = relation.data(row);
        const subtree = tree.get(relationName);
        const link = (item: Row): ResourceIdentifier => {
          const identifier = { type: relation.type, id: String(resourceId(item, relation)) };
          const key = keyOf(identifier.type, identifier.id);
          if (subtree && !primaryKeys.has(key) && !included.has(key)) {
            // Reserve the slot first so a cycle back to this resource stops here.
            included.set(key, identifier as ResourceObject);
            included.set(key, present(relation.type, item, relation, subtree));
          }
          return identifier;
        };
        object.relationships[relationName] = {
          data: Array.isArray(related) ? related.map(link) : related ? link(related as Row) : null,
        };
      }
    }
    return object;
  };

  const data = list
    ? list.map((row) => present(type, row, options, includeTree))
    : single
      ? present(type, single, options, includeTree)
      : null;

  const document: JsonApiDocument = { data };
  if (includeTree.size > 0) document.included = [...included.values()];
  // Every list carries its counts (ARCHITECTURE "Wire format"); an unpaged list is one page holding everything.
  const counts = options.pagination
    ? paginationMeta(options.pagination)
    : list
      ? paginationMeta({ page: 1, per: Math.max(list.length, 1), total: list.length })
      : {};
  const meta = { ...counts, ...options.meta };
  if (Object.keys(meta).length > 0) document.meta = kebabKeys(meta);
  const links = { ...(options.pagination?.url ? paginationLinks(options.pagination) : {}), ...options.links };
  if (Object.keys(links).length > 0) document.links = links;
  return document;
}

export function paginationMeta({ page, per, total }: Pagination) {
  return { 'total-count': total, 'current-page': page, 'total-pages': Math.ceil(total / per) };
}

function paginationLinks({ page, per, total, url = '' }: Pagination): Record<string, string | null> {
  const lastPage = Math.max(1, Math.ceil(total / per));
  const [path = '', search = ''] = url.split('?', 2);
  const at = (target: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(target));
    query.set('per', String(per));
    return `${path}?${query.toString()}`;
  };
  return {
    self: at(page),
    first: at(1),
    prev: page > 1 ? at(Math.min(page - 1, lastPage)) : null,
    next: page < lastPage ? at(page + 1) : null,
    last: at(lastPage),
  };
}

function presentAttributes<T>(row: T, spec: AttributeSpec<T>): Record<string, unknown> {
  const source: Record<string, unknown> =
    typeof spec === 'function' ? spec(row) : Object.fromEntries(spec.map((name) => [name, (row as Record<string, unknown>)[name]]));
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source)) attributes[kebabize(name)] = presentValue(value);
  return attributes;
}

function presentValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (value === undefined) return null;
  return value;
}

function kebabKeys(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [kebabize(key), value]));
}

function resourceId<T>(row: T, spec: { id?: (row: T) => Id }): Id {
  const id = spec.id ? spec.id(row) : (row as { id?: Id }).id;
  if (id === undefined || id === null) throw new Error('serialize: a resource without id');
  return id;
}

const keyOf = (type: string, id: Id) => `${type}\u0000${id}`;

type IncludeTree = Map<string, IncludeTree>;
function buildIncludeTree(paths: readonly string[]): IncludeTree {
  const root: IncludeTree = new Map();
  for (const path of paths) {
    let node = root;
    for (const segment of path.split('.')) {
      const name = kebabize(segment);
      let next = node.get(name);
      if (!next) {
        next = new Map();
        node.set(name, next);
      }
      node = next;
    }
  }
  return root;
}
