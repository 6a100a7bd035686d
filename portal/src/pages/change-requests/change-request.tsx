import type { ChangeRequestStatus } from '@kiwi/shared/domain/change-request';
import type { TFunction } from 'i18next';
import type { PagerLabels } from '../organization/pager';
import { StatusBadge } from '../../layout/status-badge';

/** GET /organization_change_requests rows as the client decodes them (docs/api.md "Organisation change requests"). */
export type ChangeRequest = {
  id: string;
  organizationId: number;
  organizationName: string;
  organizationIdentifier: string;
  currentPlan: string;
  currentNumberOfMembers: number | null;
  membersInUse: number;
  requestedPlan: string | null;
  requestedNumberOfMembers: number | null;
  requestedUnlimitedSeats: boolean;
  requestedName: string | null;
  reason: string;
  status: ChangeRequestStatus;
  decisionNote: string | null;
  decidedAt: string | null;
  createdAt: string;
  requestedByName: string | null;
  decidedByName: string | null;
};

export const CHANGE_REQUESTS_PATH = '/organization_change_requests';
export const changeRequestKeys = {
  all: ['organization-change-requests'] as const,
  list: (scope: string, status: string, page: number) => ['organization-change-requests', scope, status, page] as const,
};

/** A plan's label (the known ones translated; any other as the admin typed it). */
export const planLabel = (t: TFunction, plan: string) => t(`change-requests:plans.${plan}`, { defaultValue: plan });
/** A seat count's label; null is unlimited. */
export const seatsLabel = (t: TFunction, seats: number | null) =>
  seats === null ? t('change-requests:unlimited') : t('change-requests:seatsValue', { count: seats });

/**
 * The request's changes as lines; with `fromCurrent` each reads "before → after" against the organisation as it is now
 * (a pending request: what approving would do).
 */
export function changeLines(t: TFunction, request: ChangeRequest, { fromCurrent }: { fromCurrent: boolean }): string[] {
  const line = (field: 'plan' | 'seats' | 'name', from: string, to: string) =>
    fromCurrent ? t(`change-requests:changeFromTo.${field}`, { from, to }) : t(`change-requests:change.${field}`, { value: to });
  const lines: string[] = [];
  if (request.requestedPlan !== null) lines.push(line('plan', planLabel(t, request.currentPlan), planLabel(t, request.requestedPlan)));
  if (request.requestedUnlimitedSeats || request.requestedNumberOfMembers !== null) {
    const to = request.requestedUnlimitedSeats ? null : request.requestedNumberOfMembers;
    lines.push(line('seats', seatsLabel(t, request.currentNumberOfMembers), seatsLabel(t, to)));
  }
  if (request.requestedName !== null) lines.push(line('name', request.organizationName, request.requestedName));
  return lines;
}

export function ChangeLines({ lines }: { lines: string[] }) {
  return (
    <ul className="change-requests__changes">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export function RequestStatus({ t, status }: { t: TFunction; status: ChangeRequestStatus }) {
  return (
    <StatusBadge status={status} testId="change-request-status">
      {t(`change-requests:status.${status}`)}
    </StatusBadge>
  );
}

/** The pager's labels in the page's language. */
export const pagerLabels = (t: TFunction): PagerLabels => ({
  navigation: t('change-requests:pager.navigation'),
  previous: t('change-requests:pager.previous'),
  next: t('change-requests:pager.next'),
  pageOf: (current, total) => t('change-requests:pager.pageOf', { page: current, total }),
});

/** A row's changes (before -> after while pending) and reason cells, labelled for the phone layout. */
export function ChangeCells({ t, request }: { t: TFunction; request: ChangeRequest }) {
  return (
    <>
      <td data-label={t('change-requests:list.changes')}>
        <ChangeLines lines={changeLines(t, request, { fromCurrent: request.status === 'pending' })} />
      </td>
      <td className="change-requests__text" data-label={t('change-requests:list.reason')}>
        {request.reason}
      </td>
    </>
  );
}

/** A row's status and the admin's note. */
export function StatusCell({ t, request }: { t: TFunction; request: ChangeRequest }) {
  return (
    <td data-label={t('change-requests:list.status')}>
      <RequestStatus t={t} status={request.status} />
      {request.decisionNote && (
        <p className="change-requests__text">
          <span className="change-requests__label">{t('change-requests:list.note')}: </span>
          {request.decisionNote}
        </p>
      )}
    </td>
  );
}
