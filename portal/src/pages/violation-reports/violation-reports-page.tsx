import { formatDateTime } from '@kiwi/shared/i18n/format';
import { useToast } from '@kiwi/shared/ui/toast';
import type { DecodedDocument } from '@kiwi/shared/api/jsonapi';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { MAX_AUTO_HIDE_THRESHOLD } from '@kiwi/shared/domain/violation-report';
import { ViolationReportSettingSchema } from '@kiwi/shared/schemas/violation-report';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { ListTable } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import { FormFailure } from '../text-field';
import { schemaResolver } from '../user/schema-resolver';
import { StatusTabs } from './status-tabs';
import { type Counts, camelize, type QueueRow, REPORT_STATUSES, type ReportStatus } from './types';
import { useModerationTranslation } from './use-moderation-translation';
import { moderationApi, moderationKeys } from './moderation-api';
import '../organization/organization.css';
import { StatusBadge } from '../../layout/status-badge';

const PER = 20;

/** SPEC §2 /org/{identifier}/violation_reports: the queue by status (one row per reported object) and the auto-hide setting. */
export function ViolationReportsPage() {
  const { t } = useModerationTranslation(['organization']);
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: ReportStatus = REPORT_STATUSES.includes(requested as ReportStatus) ? (requested as ReportStatus) : 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const organizationId = organization?.id;
  const queue = useQuery({
    queryKey: moderationKeys.queue(organizationId, status, page),
    queryFn: () => api.get<QueueRow[]>(moderationApi.list(organizationId ?? ''), { status, page, per: PER }),
    enabled: organizationId !== undefined,
  });

  if (!loaded) return <Loading />;
  if (!organizationId) return <LoadFailed onRetry={() => window.location.reload()} />;
  const counts = camelize<Partial<Counts>>(queue.data?.meta?.counts ?? {});
  const select = (next: string) => setParams({ status: next });

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{t('moderation:title')}</h1>
      </header>
      <StatusTabs
        label={t('moderation:statusFilter')}
        selected={status}
        onSelect={select}
        tabs={REPORT_STATUSES.map((key) => ({
          key,
          label:
            counts[key] === undefined
              ? t(`moderation:status.${key}`)
              : t('moderation:tab', { label: t(`moderation:status.${key}`), count: counts[key] }),
        }))}
      >
        <QueueTable
          query={queue}
          page={page}
          onPage={(next) => setParams({ status, page: String(next) })}
          identifier={organization?.identifier ?? ''}
        />
      </StatusTabs>
      <AutoHideSetting organizationId={organizationId} />
    </div>
  );
}

function QueueTable({
  query,
  page,
  onPage,
  identifier,
}: {
  query: UseQueryResult<DecodedDocument<QueueRow[]>>;
  page: number;
  onPage: (page: number) => void;
  identifier: string;
}) {
  const { t, i18n } = useModerationTranslation();
  return (
    <ListTable<QueueRow>
      query={query}
      caption={t('title')}
      empty={t('empty')}
      headers={[t('columns.object'), t('columns.author'), t('columns.reporters'), t('columns.lastReported'), t('columns.actions')]}
      paging={{
        page,
        onPage,
        labels: {
          navigation: t('pager.navigation'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          pageOf: (current, total) => t('pager.pageOf', { page: current, total }),
        },
      }}
      rows={(items) =>
        items.map((row) => (
          <tr key={row.id} data-testid="violation-report-row">
            <td>
              <StatusBadge>{t(`types.${row.violationObjectType}`)}</StatusBadge>{' '}
              {row.hidden && <StatusBadge status="hidden">{t('hidden')}</StatusBadge>}
              {row.excerpt && <p className="moderation-excerpt">{row.excerpt}</p>}
            </td>
            <td>{row.authorName ?? ''}</td>
            <td>{t('reportersCount', { count: row.reportersCount })}</td>
            <td>{formatDateTime(row.lastReportedAt, i18n.language)}</td>
            <td>
              <Link
                className="kiwi-button kiwi-button--text"
                to={`/org/${identifier}/violation_reports/${row.id}`}
                aria-label={t('openOf', { name: row.authorName ?? t(`types.${row.violationObjectType}`) })}
              >
                {t('open')}
              </Link>
            </td>
          </tr>
        ))
      }
    />
  );
}

/** The setting's own payload schema (shared with the server): its messages are error codes. */
const SettingSchema = ViolationReportSettingSchema.shape.violation_report_setting;
type SettingValues = { auto_hide_threshold: number };

/** The auto-hide threshold (issue 19 point 4): how many distinct reporters hide a post until a manager decides. */
function AutoHideSetting({ organizationId }: { organizationId: string }) {
  const { t } = useModerationTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const key = moderationKeys.setting(organizationId);
  const setting = useQuery({
    queryKey: key,
    queryFn: async () => camelize<{ autoHideThreshold: number }>((await api.get(moderationApi.setting(organizationId))).data),
  });
  if (setting.isPending) return <Loading />;
  if (setting.isError) return <LoadFailed onRetry={() => void setting.refetch()} />;
  return (
    <SettingForm
      key={setting.data.autoHideThreshold}
      initial={setting.data.autoHideThreshold}
      id={id}
      onSave={async (values) => {
        const saved = await api.put(moderationApi.setting(organizationId), { violation_report_setting: values });
        queryClient.setQueryData(key, camelize<{ autoHideThreshold: number }>(saved.data));
        showToast(t('moderation:setting.saved'), 'success');
      }}
    />
  );
}

function SettingForm({ initial, id, onSave }: { initial: number; id: string; onSave: (values: SettingValues) => Promise<void> }) {
  const { t } = useModerationTranslation(['organization', 'errors']);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SettingValues, unknown, SettingValues>({
    resolver: schemaResolver(SettingSchema),
    defaultValues: { auto_hide_threshold: initial },
  });
  const save = useMutation({ mutationFn: onSave });
  return (
    <section className="moderation-setting" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('moderation:setting.title')}</h2>
      <form className="org-form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))} aria-busy={save.isPending}>
        <FormFailure message={save.isError ? apiErrorMessage(t, save.error) : null} />
        <div className="field">
          <label htmlFor={`${id}-threshold`}>{t('moderation:setting.threshold')}</label>
          <input
            id={`${id}-threshold`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_AUTO_HIDE_THRESHOLD}
            step={1}
            aria-describedby={`${id}-help${errors.auto_hide_threshold ? ` ${id}-error` : ''}`}
            aria-invalid={errors.auto_hide_threshold ? true : undefined}
            {...register('auto_hide_threshold', { valueAsNumber: true })}
          />
          <p id={`${id}-help`} className="moderation-help">
            {t('moderation:setting.help')}
          </p>
          {errors.auto_hide_threshold && (
            <p id={`${id}-error`} className="field__error">
              {t('moderation:setting.invalid')}
            </p>
          )}
        </div>
        <div className="org-form__actions">
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={save.isPending}>
            {t('moderation:setting.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
