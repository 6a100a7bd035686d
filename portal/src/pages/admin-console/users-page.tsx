/** Placeholder laid by the issue 20 foundation commit; part B (users) replaces it. */
export function UsersPage() {
  return null;
}
