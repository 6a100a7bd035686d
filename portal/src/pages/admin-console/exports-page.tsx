/** Placeholder laid by the issue 20 foundation commit; part F (exports) replaces it. */
export function ExportsPage() {
  return null;
}
