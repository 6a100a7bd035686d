import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { moderationApi, moderationKeys } from '../pages/violation-reports/moderation-api';
import { useModerationTranslation } from '../pages/violation-reports/use-moderation-translation';
import { queryClient } from '../routing/query-provider';
import { useSession } from '../session/session-provider';

/** A minute between reads while the drawer is open; navigation, focus and a decision on the queue refresh it sooner. */
const REFRESH_MS = 60_000;

/**
 * Issue 19 point 5: the number of reported objects waiting for a manager's decision, beside the drawer's "violation
 * reports" entry (GET .../violation_reports/pending_count). The portal's one QueryClient, so resolving or ignoring a
 * report (which invalidates the moderation keys) updates it at once. Nothing while it loads, fails or is zero.
 */
export function PendingReportsBadge({ organizationId }: { organizationId: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PendingCount organizationId={organizationId} />
    </QueryClientProvider>
  );
}

function PendingCount({ organizationId }: { organizationId: string }) {
  const { t } = useModerationTranslation();
  const { api } = useSession();
  const { pathname } = useLocation();
  const { data: pending, refetch } = useQuery({
    queryKey: moderationKeys.pendingCount(organizationId),
    queryFn: async () => {
      const { meta } = await api.get<null>(moderationApi.pendingCount(organizationId));
      return Number(meta?.pending ?? 0);
    },
    refetchInterval: REFRESH_MS,
  });
  // On every move between pages (the drawer stays mounted): a report filed elsewhere shows on the next navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);

  if (!pending) return null;
  const label = t('drawerBadge', { count: pending });
  return (
    <span className="drawer__badge drawer__badge--count" role="img" aria-label={label} title={label}>
      {pending > 99 ? '99+' : pending}
    </span>
  );
}
