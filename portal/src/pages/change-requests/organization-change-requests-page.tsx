/** Placeholder laid by the issue 20 foundation commit; part D (change requests) replaces it with the manager's page. */
export function OrganizationChangeRequestsPage() {
  return null;
}
