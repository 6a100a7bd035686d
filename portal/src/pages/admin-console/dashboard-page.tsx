/** Placeholder laid by the issue 20 foundation commit; part A (dashboard) replaces it. */
export function DashboardPage() {
  return null;
}
