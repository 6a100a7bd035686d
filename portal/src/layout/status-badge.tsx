import type { ReactNode } from 'react';

/** The colours a status can take; each is a pair of tokens (surface and text, 4.5:1 or more) in base.css. */
export type StatusTone = 'neutral' | 'success' | 'info' | 'warning' | 'danger' | 'muted';

/**
 * The one map from a status, whatever it belongs to (a membership, a transfer, a request, an export...), to its colour
 * (issue 21 point 11): the same word looks the same on every page. A status not listed is neutral.
 */
export const STATUS_TONES: Readonly<Record<string, StatusTone>> = {
  active: 'success',
  approved: 'success',
  done: 'success',
  enabled: 'success',
  issued: 'success',
  published: 'success',
  resolved: 'success',
  sent: 'success',
  transferred: 'success',
  queued: 'info',
  running: 'info',
  invited: 'warning',
  pending: 'warning',
  scheduled: 'warning',
  tallying: 'warning',
  hidden: 'warning',
  failed: 'danger',
  rejected: 'danger',
  archived: 'muted',
  canceled: 'muted',
  cancelled: 'muted',
  disabled: 'muted',
  expired: 'muted',
  final: 'muted',
  ignored: 'muted',
  unpublished: 'muted',
  withdrawn: 'muted',
};

export function statusTone(status: string): StatusTone {
  return Object.hasOwn(STATUS_TONES, status) ? STATUS_TONES[status]! : 'neutral';
}

/** A status (or a plain label, with no `status`) as a small badge in the status's colour. */
export function StatusBadge({ status, children, testId }: { status?: string; children: ReactNode; testId?: string }) {
  return (
    <span className="status-badge" data-tone={status === undefined ? 'neutral' : statusTone(status)} data-testid={testId}>
      {children}
    </span>
  );
}
