/**
 * The nickname rule (docs/decisions.md, "Issue 15, profile"): within each organisation a member belongs to, no two
 * members' nicknames may have the same key. The key ignores what a reader in a picker cannot tell apart at a glance:
 * full- and half-width forms (NFKC), upper and lower case, and white space. An empty nickname has no key.
 */
export function nicknameKey(nickname: string | null | undefined): string | null {
  if (nickname == null) return null;
  const key = nickname.normalize('NFKC').toLowerCase().replace(/\s/gu, '');
  return key === '' ? null : key;
}

/**
 * How a colleague reads in a picker: the nickname they chose with the name beside it, so two people the rule could not
 * keep apart (nicknames from before it, or from another organisation) are still told apart.
 */
export function colleagueLabel({ name, nickname }: { name: string; nickname?: string | null }): string {
  return nickname ? `${nickname} (${name})` : name;
}
