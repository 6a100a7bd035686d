/** Placeholder laid by the issue 20 foundation commit; part E (system settings) replaces it. */
export function SystemSettingsPage() {
  return null;
}
