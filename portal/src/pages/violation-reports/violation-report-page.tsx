import { formatAuthorName, formatDateTime } from '@kiwi/shared/i18n/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { CardTable } from '../../layout/card-table';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { moderationApi, moderationKeys } from './moderation-api';
import { readDetail, type ReportDetail } from './types';
import { MessageImages } from '@kiwi/shared/ui/message-images';
import { useModerationTranslation } from './use-moderation-translation';
import '../organization/organization.css';
import { StatusBadge } from '../../layout/status-badge';

/**
 * SPEC §2 /org/{identifier}/violation_reports/:reportId: the evidence as it was reported, the surrounding messages, each
 * reporter's reason, the author's earlier reports and the action log; Resolve (deletes the post, or for a member every
 * post of theirs) and Ignore through the confirmation dialog.
 */
export function ViolationReportPage() {
  const { t, i18n } = useModerationTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const { reportId = '' } = useParams();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const headingId = useId();
  const organizationId = organization?.id;
  const detail = useQuery({
    queryKey: moderationKeys.detail(organizationId, reportId),
    queryFn: async () => readDetail((await api.get(moderationApi.detail(organizationId ?? '', reportId))).data),
    enabled: organizationId !== undefined,
    retry: (count, error) => !(error instanceof HttpResponseError && error.status === 404) && count < 2,
  });

  if (!loaded) return <Loading />;
  if (!organizationId) return <LoadFailed onRetry={() => window.location.reload()} />;
  const back = (
    <Link to={`/org/${organization?.identifier}/violation_reports`} className="kiwi-button">
      {t('detail.back')}
    </Link>
  );
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    if (detail.error instanceof HttpResponseError && detail.error.status === 404)
      return (
        <div className="org-page">
          <Empty text={t('detail.notFound')} />
          {back}
        </div>
      );
    return <LoadFailed onRetry={() => void detail.refetch()} />;
  }
  const report = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: moderationKeys.all(organizationId) });
  const memberWide = report.violationObjectType === 'OrganizationMember';
  const resolve = () =>
    confirmed({
      title: t('resolveTitle'),
      body: memberWide ? t('resolveMemberBody', { count: report.postsToDelete ?? 0 }) : t('resolveBody'),
      okLabel: t('resolve'),
      action: () => api.put(moderationApi.resolve(organizationId, report.id)),
      done: t('resolved'),
      afterDone: refresh,
    });
  const ignore = () =>
    confirmed({
      title: t('ignoreTitle'),
      body: t('ignoreBody'),
      okLabel: t('ignore'),
      action: () => api.put(moderationApi.ignore(organizationId, report.id)),
      done: t('ignored'),
      afterDone: refresh,
    });

  return (
    <div className="org-page moderation-detail">
      <header className="org-page__header">
        <h1 id={headingId}>{t('detail.title')}</h1>
        {back}
      </header>
      <p>
        <StatusBadge>{t(`types.${report.violationObjectType}`)}</StatusBadge>{' '}
        <StatusBadge status={report.status} testId="report-status">
          {t(`status.${report.status}`)}
        </StatusBadge>{' '}
        {report.hidden && <StatusBadge status="hidden">{t('hidden')}</StatusBadge>}
      </p>
      {report.status === 'pending' && (
        <div className="moderation-actions">
          <button type="button" className="kiwi-button kiwi-button--danger" onClick={resolve}>
            {t('resolve')}
          </button>
          <button type="button" className="kiwi-button" onClick={ignore}>
            {t('ignore')}
          </button>
        </div>
      )}
      <Evidence report={report} language={i18n.language} />
      <Context report={report} language={i18n.language} />
      <section className="moderation-section" aria-labelledby={`${headingId}-reports`}>
        <h2 id={`${headingId}-reports`}>{t('detail.reports')}</h2>
        <CardTable
          caption={t('detail.reports')}
          headers={[t('detail.reporter'), t('detail.category'), t('detail.reason'), t('detail.reportedAt')]}
        >
          {report.reports.map((item) => (
            <tr key={item.id}>
              <td>{item.reporterName}</td>
              <td>{t(`categories.${item.reasonCategory}`)}</td>
              <td className="moderation-excerpt">{item.reason}</td>
              <td>{formatDateTime(item.createdAt, i18n.language)}</td>
            </tr>
          ))}
        </CardTable>
      </section>
      <section className="moderation-section" aria-labelledby={`${headingId}-earlier`}>
        <h2 id={`${headingId}-earlier`}>
          {t('detail.earlier')} <StatusBadge>{t('detail.earlierCount', { count: report.authorEarlierReports.count })}</StatusBadge>
        </h2>
        {report.authorEarlierReports.reports.length === 0 ? (
          <p>{t('detail.earlierNone')}</p>
        ) : (
          <ul>
            {report.authorEarlierReports.reports.map((earlier) => (
              <li key={earlier.id}>
                {t(`types.${earlier.violationObjectType}`)} · {t(`status.${earlier.status}`)}
                {earlier.createdAt ? ` · ${formatDateTime(earlier.createdAt, i18n.language)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation-section" aria-labelledby={`${headingId}-log`}>
        <h2 id={`${headingId}-log`}>{t('detail.log')}</h2>
        {report.actions.length === 0 ? (
          <p>{t('detail.logNone')}</p>
        ) : (
          <ol className="moderation-log" data-testid="report-action-log">
            {report.actions.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {t('detail.logEntry', {
                  at: formatDateTime(entry.at, i18n.language),
                  actor: entry.actorName ?? t('detail.system'),
                  action: t(`detail.actions.${entry.action}`),
                })}
                {entry.deletedCount ? ` ${t('detail.deletedCount', { count: entry.deletedCount })}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** The content as it was when reported (kept by the server, so editing or deleting the post destroys nothing). */
function Evidence({ report, language }: { report: ReportDetail; language: string }) {
  const { t } = useModerationTranslation();
  const id = useId();
  const raw = report.rawContent;
  return (
    <section className="moderation-section" aria-labelledby={id}>
      <h2 id={id}>{t('detail.evidence')}</h2>
      <div className="moderation-evidence" data-testid="report-evidence">
        <dl className="moderation-meta">
          <dt>{t('detail.author')}</dt>
          <dd>{raw.authorName}</dd>
          {raw.postedAt && (
            <>
              <dt>{t('detail.postedAt')}</dt>
              <dd>{formatDateTime(raw.postedAt, language)}</dd>
            </>
          )}
        </dl>
        <p className="moderation-evidence__text">{raw.text || t('detail.noText')}</p>
        <MessageImages urls={raw.imageUrls} authorName={raw.authorName} size="tile" />
        {raw.linkPath?.startsWith('/') && !raw.linkPath.startsWith('//') && (
          <Link to={raw.linkPath} className="kiwi-button kiwi-button--text">
            {t('detail.original')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** Up to five messages before and after the reported one, while the post still exists. */
function Context({ report, language }: { report: ReportDetail; language: string }) {
  const { t } = useModerationTranslation();
  const id = useId();
  if (report.violationObjectType === 'OrganizationMember' || report.violationObjectType === 'EventGuest') return null;
  return (
    <section className="moderation-section" aria-labelledby={id}>
      <h2 id={id}>{t('detail.context')}</h2>
      {report.context.length === 0 ? (
        <p>{t('detail.contextGone')}</p>
      ) : (
        <ol className="moderation-context">
          {report.context.map((message) => (
            <li
              key={message.id}
              className={message.reported ? 'moderation-context__reported' : undefined}
              aria-label={message.reported ? t('detail.reported') : undefined}
            >
              <strong>{formatAuthorName(t, message.authorName)}</strong> <small>{formatDateTime(message.createdAt, language)}</small>
              <br />
              {message.body}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
