/** Placeholder laid by the issue 20 foundation commit; part G (staff action log) replaces it. */
export function StaffActionsPage() {
  return null;
}
