// The profile page's "Notifications" section: push on this device and the kinds a member wants. Built with push
// notifications (issue 15, part D); the profile form (part B) renders it below its own fields.
export function NotificationSettings() {
  return null;
}
