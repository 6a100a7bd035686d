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
