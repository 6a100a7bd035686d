import { zodResolver } from '@hookform/resolvers/zod';
import { monthInJapan, shiftMonth } from '@kiwi/shared/domain/health-points';
import { formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
import {
  EXPORT_ENCODING_VALUES,
  EXPORT_KIND_VALUES,
  EXPORT_MONTH_MAX,
  EXPORT_MONTH_MIN,
  type ExportEncodingValue,
  type ExportKindValue,
  exportRequestFields,
} from '@kiwi/shared/schemas/exports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DateField } from '@kiwi/shared/forms/date-field';
import { useForm } from 'react-hook-form';
import { fieldMessage } from '@kiwi/shared/forms/schema-resolver';
import { Field } from '../labelled-field';
import type { z } from 'zod';
import en from '../../../../locales/en/admin-exports.json' with { type: 'json' };
import ja from '../../../../locales/ja/admin-exports.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { useSession } from '../../session/session-provider';
import { ListTable } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import '../organization/organization.css';
import './exports-page.css';
import { useFileDownload } from '../use-file-download';
import { StatusBadge } from '../../layout/status-badge';

/** GET /api/exports after decoding: what was asked for, its progress and its file's state. */
type ExportItem = {
  id: string;
  kind: ExportKindValue;
  encoding: ExportEncodingValue;
  organizationId: string | null;
  organizationName: string | null;
  groupId: string | null;
  groupName: string | null;
  from: string;
  to: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  rowsDone: number;
  rowsTotal: number | null;
  fileName: string | null;
  byteSize: number | null;
  expiresAt: string | null;
  expired: boolean;
  createdAt: string;
};
type Named = { id: string; name: string };

type FormValues = z.input<typeof exportRequestFields>;

const EXPORTS_QUERY_KEY = ['admin', 'exports'] as const;
const PER = 20;
/** How often the list is read again while an export is being written. */
const PROGRESS_REFRESH_MS = 1500;

const nullableId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** `/_admin/exports` (SPEC §6, admin only): ask for a score or return-amount CSV, follow its progress, download it. */
export function ExportsPage() {
  const { t } = usePageNamespace('admin-exports', { ja, en }, ['organization', 'errors']);
  return (
    <div className="org-page admin-exports">
      <header className="org-page__header">
        <h1 id="page-title">{t('title')}</h1>
      </header>
      <p>{t('intro')}</p>
      <ExportForm />
      <ExportList />
    </div>
  );
}

function ExportForm() {
  const { t, i18n } = usePageNamespace('admin-exports', { ja, en }, ['organization', 'errors']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const id = useId();
  const thisMonth = monthInJapan(new Date());
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(exportRequestFields) as never,
    // A hidden group select (no organisation, or the return amount) sends nothing.
    shouldUnregister: true,
    defaultValues: {
      kind: 'score',
      encoding: 'utf8_bom',
      organization_id: null,
      group_id: null,
      from: shiftMonth(thisMonth, -2),
      to: thisMonth,
    },
  });
  const kind = watch('kind');
  const organizationId = nullableId(watch('organization_id'));
  const organizations = useQuery({
    queryKey: ['admin', 'exports', 'organizations'],
    queryFn: () => api.get<Named[]>('/organizations', { per: 100 }),
  });
  const groups = useQuery({
    queryKey: ['admin', 'exports', 'groups', organizationId],
    enabled: kind === 'score' && organizationId !== null,
    queryFn: () => api.get<Named[]>(`/organizations/${organizationId}/groups`),
  });

  const submit = handleSubmit((values) => {
    const body = {
      ...values,
      organization_id: values.organization_id ?? null,
      group_id: values.kind === 'score' && values.organization_id != null ? (values.group_id ?? null) : null,
      language: i18n.language === 'en' ? 'en' : 'ja',
    };
    const organizationName =
      organizations.data?.data.find((item) => item.id === String(body.organization_id))?.name ?? t('allOrganizations');
    confirmed({
      title: t('confirm.title'),
      body: t('confirm.body', { kind: t(`kinds.${body.kind}`), organization: organizationName, from: body.from, to: body.to }),
      okLabel: t('confirm.ok'),
      action: () => api.post('/exports', { export: body }),
      done: t('confirm.done'),
      afterDone: () => queryClient.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY }),
    });
  });

  const message = (name: keyof FormValues) => fieldMessage(t, errors[name]);
  const monthRange = { min: EXPORT_MONTH_MIN, max: EXPORT_MONTH_MAX };
  /** A select of `name`, its first option "all" (`allLabel`), then `items`. */
  const choice = (name: 'organization_id' | 'group_id', label: string, allLabel: string, items: Named[]) => (
    <Field label={label} error={message(name)}>
      {(props) => (
        <select {...register(name, { setValueAs: nullableId })} {...props}>
          <option value="">{allLabel}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <section className="admin-exports__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('form.title')}</h2>
      <form className="org-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="org-form__row">
          <Field label={t('form.kind')} error={message('kind')}>
            {(props) => (
              <select {...register('kind')} {...props}>
                {EXPORT_KIND_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {t(`kinds.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {choice('organization_id', t('form.organization'), t('allOrganizations'), organizations.data?.data ?? [])}
          {kind === 'score' && organizationId !== null && choice('group_id', t('form.group'), t('form.allGroups'), groups.data?.data ?? [])}
        </div>
        <div className="org-form__row">
          <Field label={t('form.from')} error={message('from')}>
            {(props) => <DateField kind="month" {...monthRange} {...props} form={{ register, watch }} name="from" />}
          </Field>
          <Field label={t('form.to')} error={message('to')}>
            {(props) => <DateField kind="month" {...monthRange} {...props} form={{ register, watch }} name="to" />}
          </Field>
        </div>
        <fieldset className="admin-exports__encodings">
          <legend>{t('form.encoding')}</legend>
          {EXPORT_ENCODING_VALUES.map((value) => (
            <label key={value} className="admin-exports__choice">
              <input type="radio" value={value} {...register('encoding')} />
              {t(`encodings.${value}`)}
            </label>
          ))}
          <p className="admin-exports__hint">{t('form.encodingHint')}</p>
        </fieldset>
        <div className="org-form__actions">
          <button type="submit" className="kiwi-button kiwi-button--primary">
            {t('form.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function ExportList() {
  const { t, i18n } = usePageNamespace('admin-exports', { ja, en }, ['organization', 'errors']);
  const { api } = useSession();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const file = useFileDownload();
  const exports = useQuery({
    queryKey: [...EXPORTS_QUERY_KEY, page],
    queryFn: () => api.get<ExportItem[]>('/exports', { page, per: PER }),
    // Read again while any listed export is still being written, so its bar moves and its button appears.
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === 'queued' || item.status === 'running') ? PROGRESS_REFRESH_MS : false,
  });

  // With the admin's bearer token (the hook's API client), never a bare link a copied URL could replay.
  const download = (item: ExportItem) => file.mutate({ path: `/exports/${item.id}/download`, fileName: item.fileName ?? 'export.csv' });
  const downloading = file.isPending ? file.variables.path : null;

  const scope = (item: ExportItem) => `${item.organizationName ?? t('allOrganizations')}${item.groupName ? ` / ${item.groupName}` : ''}`;

  const state = (item: ExportItem) => {
    if (item.status === 'done' && item.expired) return <StatusBadge status="expired">{t('status.expired')}</StatusBadge>;
    if (item.status === 'done' || item.status === 'failed')
      return <StatusBadge status={item.status}>{t(`status.${item.status}`)}</StatusBadge>;
    const total = item.rowsTotal ?? 0;
    const label = t('progress', {
      done: formatNumber(item.rowsDone, i18n.language),
      total: item.rowsTotal === null ? '?' : formatNumber(total, i18n.language),
    });
    return (
      <span className="admin-exports__progress">
        <span>{t(`status.${item.status}`)}</span>
        <progress
          max={Math.max(total, 1)}
          value={item.rowsTotal === null ? undefined : item.rowsDone}
          aria-label={t('progressLabel', { id: item.id })}
          aria-valuetext={label}
        />
        <span>{label}</span>
      </span>
    );
  };

  return (
    <section className="admin-exports__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('list.title')}</h2>
      <p className="admin-exports__hint">{t('list.hint')}</p>
      <ListTable
        query={exports}
        caption={t('list.title')}
        empty={t('list.empty')}
        headers={[
          t('list.requestedAt'),
          t('list.kind'),
          t('list.scope'),
          t('list.months'),
          t('list.encoding'),
          t('list.state'),
          t('list.file'),
        ]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((item) => (
            <tr key={item.id} data-testid={`export-${item.id}`} data-status={item.expired ? 'expired' : item.status}>
              <td>{formatDateTime(item.createdAt, i18n.language)}</td>
              <td>{t(`kinds.${item.kind}`)}</td>
              <td>{scope(item)}</td>
              <td>{item.from === item.to ? item.from : `${item.from} – ${item.to}`}</td>
              <td>{t(`encodings.${item.encoding}`)}</td>
              <td>{state(item)}</td>
              <td>
                {item.status === 'done' && !item.expired ? (
                  <button
                    type="button"
                    className="kiwi-button kiwi-button--text"
                    onClick={() => download(item)}
                    disabled={downloading === `/exports/${item.id}/download`}
                    aria-busy={downloading === `/exports/${item.id}/download`}
                    aria-label={t('list.downloadLabel', { name: item.fileName ?? item.id })}
                  >
                    {t('list.download')}
                  </button>
                ) : item.status === 'done' ? (
                  t('list.expiredHint')
                ) : null}
                {item.status === 'done' && !item.expired && item.expiresAt && (
                  <span className="admin-exports__expiry">
                    {t('list.expiresAt', { at: formatDateTime(item.expiresAt, i18n.language) })}
                  </span>
                )}
              </td>
            </tr>
          ))
        }
      />
    </section>
  );
}
