/** Placeholder laid by the issue 20 foundation commit; part D (change requests) replaces it. */
export function ChangeRequestsQueuePage() {
  return null;
}
