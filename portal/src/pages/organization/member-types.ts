export type MemberGroup = { id: string; name: string; parentId: number | null };
export type Member = {
  id: string;
  name: string;
  nickname?: string | null;
  icon?: string | null;
  /** The email as colleagues see it in pickers (shared/domain/people.ts maskEmail). */
  emailHint?: string | null;
  email: string;
  role: 'manager' | 'member';
  activeFrom: string | null;
  activeTo: string | null;
  state: 'active' | 'pending' | 'expired';
  belongings: string[];
  occupations: string[];
  appInstalled: boolean;
  lastSyncAt: string | null;
  invitationPending: boolean;
  userId: number;
  groups: MemberGroup[];
};
export type Group = { id: string; name: string; parentId: number | null; memberCount: number };

/** Groups in tree order with their depth (parents before children, siblings by name). */
export function groupTree(groups: Group[]): { group: Group; depth: number }[] {
  const children = new Map<number | null, Group[]>();
  const ids = new Set(groups.map((group) => Number(group.id)));
  for (const group of groups) {
    const parent = group.parentId !== null && ids.has(group.parentId) ? group.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const result: { group: Group; depth: number }[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const group of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      result.push({ group, depth });
      visit(Number(group.id), depth + 1);
    }
  };
  visit(null, 0);
  return result;
}

/** A copy of `values` with `value` added (`on`) or taken out: a checkbox list's next selection. */
export function toggled<T>(values: Iterable<T>, value: T, on: boolean): Set<T> {
  const next = new Set(values);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

export const splitList = (text: string) =>
  text
    .split(/[,、，]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** Spec §9: date pickers run from 1900-01-01 to 2099-12-31 (the server refuses other years). */
export const DATETIME_INPUT_RANGE = { min: '1900-01-01T00:00', max: '2099-12-31T23:59' } as const;
