/** Placeholder laid by the issue 20 foundation commit; part E (app informations) replaces it. */
export function AppInformationsPage() {
  return null;
}
