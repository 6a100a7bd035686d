// What the Slack app needs from the rest of Kiwi. The server implements these ports; the Slack app never
// touches the database itself (see ARCHITECTURE.md, "Top level"). Delivery arrives with the Coins issue (#6).

export type OutboxRow = {
  id: number;
  topic: string;
  organizationId: number | null;
  payload: unknown;
  attempts: number;
};

/** Claims deliverable rows (FOR UPDATE SKIP LOCKED on the server side) and records the outcome of each. */
export interface OutboxSource {
  claim(limit: number, now: Date): Promise<OutboxRow[]>;
  markDelivered(id: number, at: Date): Promise<void>;
  markFailed(id: number, error: string, retryAt: Date | null): Promise<void>;
}

/** The incoming-webhook URL and language an organisation configured, or null when none is set. */
export interface SlackSettings {
  forOrganization(organizationId: number): Promise<{ webhookUrl: string; language: 'ja' | 'en' } | null>;
}

/** Names and icons of members, for message building. */
export interface Directory {
  member(organizationMemberId: number): Promise<{ name: string; nickname: string | null; icon: string | null } | null>;
}
