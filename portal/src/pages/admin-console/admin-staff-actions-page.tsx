import { formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
import { STAFF_ACTION_ACTOR_MAX, StaffActionListQuerySchema } from '@kiwi/shared/schemas/staff-actions';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import en from '../../../../locales/en/staff-actions.json' with { type: 'json' };
import ja from '../../../../locales/ja/staff-actions.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { useSession } from '../../session/session-provider';
import { ListTable } from '../organization/list-table';
import { useFilterForm } from '../use-filter-form';
import { DateFilter } from '../date-filter';
import '../organization/organization.css';
// Inlined rather than a stylesheet of its own: every stylesheet of a lazy page is a name in the entry that /login loads.
import styles from './staff-actions.css?inline';
import { StatusBadge } from '../../layout/status-badge';

type Change = { field: string; before: unknown; after: unknown };
type StaffAction = {
  id: string;
  actorUserId: string | null;
  actorLabel: string;
  actorRole: 'admin' | 'manager';
  organizationId: string | null;
  organizationIdentifier: string | null;
  organizationName: string | null;
  kind: string;
  method: string;
  route: string;
  targetType: string | null;
  targetId: string | null;
  changes: Change[];
  statusCode: number | null;
  createdAt: string;
};
/** The filters as the query names them (the API's schema then puts an issue under its field). */
type Filters = { actor: string; organization_id: string; kind: string; from: string; to: string };

const PER = 20;
const FILTER_NAMES = ['actor', 'organization_id', 'kind', 'from', 'to'] as const;
const NO_FILTERS: Filters = { actor: '', organization_id: '', kind: '', from: '', to: '' };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const filtersOf = (params: URLSearchParams): Filters => ({
  actor: params.get('actor') ?? '',
  organization_id: params.get('organization_id') ?? '',
  kind: params.get('kind') ?? '',
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
});

/** The filters as the API's query: blank ones left out, text trimmed. */
const queryOf = (filters: Filters): Record<string, string> =>
  Object.fromEntries(FILTER_NAMES.map((name) => [name, filters[name].trim()]).filter(([, value]) => value !== ''));

/** Every dotted kind the label table names, in the table's order (the kind filter's choices). */
function labelledKinds(table: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : labelledKinds(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}
const KINDS = labelledKinds(ja.kinds);

/** The label of a kind, or its route words and verb when the table has none (`walking events / teams (update)`). */
export function kindLabel(t: TFunction, kind: string): string {
  if (KINDS.includes(kind)) return t(`staff-actions:kinds.${kind}`);
  const words = kind.split('.');
  const verb = words.pop() ?? '';
  return t('staff-actions:fallback', {
    words: words.map((word) => word.replaceAll('_', ' ')).join(' / '),
    verb: t(`staff-actions:verbs.${verb}`, { defaultValue: verb }),
  });
}

/** A logged value as a person reads it: instants in the shared format, lists joined, nothing as "(none)". */
export function formatValue(t: TFunction, value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return t('staff-actions:none');
  if (typeof value === 'boolean') return t(`staff-actions:boolean.${value}`);
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value, language) : value;
  if (Array.isArray(value))
    return value.length === 0 ? t('staff-actions:none') : value.map((item) => formatValue(t, item, language)).join(', ');
  return JSON.stringify(value);
}

/** /_admin/staff_actions (issue 20 point 8): who changed what, when, with filters kept in the URL. */
export function StaffActionsPage() {
  const { t, i18n } = usePageNamespace('staff-actions', { ja, en }, ['organization']);
  const { api } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const formId = useId();
  const query = queryOf(filters);
  const actions = useQuery({
    queryKey: ['staff-actions', query, page],
    queryFn: () => api.get<StaffAction[]>('/staff_actions', { ...query, page, per: PER }),
  });
  const organizations = useQuery({
    queryKey: ['staff-actions-organizations'],
    queryFn: () => api.get<{ id: string; name: string; identifier: string }[]>('/organizations', { per: 100 }),
  });

  const show = (next: Filters, nextPage = 1) => {
    const search = new URLSearchParams(queryOf(next));
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  // Back and forward move through filtered views: the form follows the URL.
  const { register, errors, onSubmit, form } = useFilterForm<Filters>({
    applied: filters,
    schema: StaffActionListQuerySchema,
    toQuery: queryOf,
    onApply: (next) => show(next),
  });
  const draft = form.watch();
  // Shown as the draft holds it: an organisation's option may arrive after the field (its list loads).
  const field = (name: keyof Filters) => ({ id: `${formId}-${name}`, ...register(name), value: draft[name] });

  return (
    <div className="org-page staff-actions">
      <style>{styles}</style>
      <header className="org-page__header">
        <h1>{t('staff-actions:title')}</h1>
      </header>
      <p className="staff-actions__intro">{t('staff-actions:intro')}</p>
      <form className="staff-actions__filters" onSubmit={onSubmit} noValidate aria-label={t('staff-actions:filters.title')}>
        <span className="staff-actions__field">
          <label htmlFor={`${formId}-actor`}>{t('staff-actions:filters.actor')}</label>
          <input
            type="search"
            maxLength={STAFF_ACTION_ACTOR_MAX}
            aria-invalid={errors.actor ? true : undefined}
            aria-describedby={`${formId}-actor-hint${errors.actor ? ` ${formId}-actor-error` : ''}`}
            {...field('actor')}
          />
          <small id={`${formId}-actor-hint`}>{t('staff-actions:filters.actorHint')}</small>
          {errors.actor && (
            <small id={`${formId}-actor-error`} className="field__error">
              {t('errors:validation.tooLong', { count: STAFF_ACTION_ACTOR_MAX })}
            </small>
          )}
        </span>
        <span className="staff-actions__field">
          <label htmlFor={`${formId}-organization_id`}>{t('staff-actions:filters.organization')}</label>
          <select {...field('organization_id')}>
            <option value="">{t('staff-actions:filters.all')}</option>
            {(organizations.data?.data ?? []).map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name} ({organization.identifier})
              </option>
            ))}
            {draft.organization_id && !organizations.data?.data.some((organization) => organization.id === draft.organization_id) && (
              <option value={draft.organization_id}>ID {draft.organization_id}</option>
            )}
          </select>
        </span>
        <span className="staff-actions__field">
          <label htmlFor={`${formId}-kind`}>{t('staff-actions:filters.kind')}</label>
          <select {...field('kind')}>
            <option value="">{t('staff-actions:filters.all')}</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(t, kind)}
              </option>
            ))}
            {draft.kind && !KINDS.includes(draft.kind) && <option value={draft.kind}>{kindLabel(t, draft.kind)}</option>}
          </select>
        </span>
        <span className="staff-actions__field">
          <label htmlFor={`${formId}-from`}>{t('staff-actions:filters.from')}</label>
          <DateFilter id={`${formId}-from`} form={form} name="from" />
        </span>
        <span className="staff-actions__field">
          <label htmlFor={`${formId}-to`}>{t('staff-actions:filters.to')}</label>
          <DateFilter id={`${formId}-to`} error={errors.to && t('staff-actions:filters.toBeforeFrom')} form={form} name="to" />
        </span>
        <span className="staff-actions__buttons">
          <button type="submit" className="kiwi-button kiwi-button--primary">
            {t('staff-actions:filters.apply')}
          </button>
          <button type="button" className="kiwi-button" onClick={() => show(NO_FILTERS)}>
            {t('staff-actions:filters.reset')}
          </button>
        </span>
      </form>
      <ListTable
        query={actions}
        caption={t('staff-actions:table.caption')}
        empty={t('staff-actions:empty')}
        headers={[
          t('staff-actions:table.time'),
          t('staff-actions:table.actor'),
          t('staff-actions:table.organization'),
          t('staff-actions:table.kind'),
          t('staff-actions:table.target'),
          t('staff-actions:table.changes'),
          t('staff-actions:table.status'),
        ]}
        summary={(document) => (
          <p className="staff-actions__total" role="status">
            {t('staff-actions:total', { count: Number(document.meta?.totalCount ?? 0) })}
          </p>
        )}
        paging={{ page, onPage: (next) => show(filters, next) }}
        rows={(items) => items.map((item) => <ActionRow key={item.id} item={item} t={t} language={i18n.language} />)}
      />
    </div>
  );
}

function ActionRow({ item, t, language }: { item: StaffAction; t: TFunction; language: string }) {
  const organization =
    item.organizationId === null
      ? t('staff-actions:noOrganization')
      : item.organizationName === null
        ? t('staff-actions:organizationGone', { id: item.organizationId })
        : `${item.organizationName} (${item.organizationIdentifier})`;
  const failed = item.statusCode !== null && item.statusCode >= 400;
  return (
    <tr data-testid={`staff-action-${item.id}`}>
      <td data-label={t('staff-actions:table.time')}>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
      </td>
      <td data-label={t('staff-actions:table.actor')}>
        {/* Each name opens that person's actions (and each organisation its own): one click to follow a trail. */}
        <span className="staff-actions__actor">
          {item.actorUserId === null ? item.actorLabel : <Link to={{ search: `?actor=${item.actorUserId}` }}>{item.actorLabel}</Link>}
        </span>
        <StatusBadge>{t(`staff-actions:role.${item.actorRole}`)}</StatusBadge>
      </td>
      <td data-label={t('staff-actions:table.organization')}>
        {item.organizationId !== null && item.organizationName !== null ? (
          <Link to={{ search: `?organization_id=${item.organizationId}` }}>{organization}</Link>
        ) : (
          organization
        )}
      </td>
      <td data-label={t('staff-actions:table.kind')}>
        {kindLabel(t, item.kind)}
        <code className="staff-actions__route">
          {item.method} {item.route}
        </code>
      </td>
      <td data-label={t('staff-actions:table.target')}>
        {item.targetType === null ? t('staff-actions:none') : `${item.targetType.replaceAll('_', ' ')} #${item.targetId ?? ''}`}
      </td>
      <td data-label={t('staff-actions:table.changes')}>
        {item.changes.length === 0 ? (
          <span className="staff-actions__muted">{t('staff-actions:noChanges')}</span>
        ) : (
          <dl className="staff-actions__changes">
            {item.changes.map((change) => (
              <div key={change.field}>
                <dt>{t(`staff-actions:fields.${change.field}`, { defaultValue: change.field })}</dt>
                <dd>
                  {t('staff-actions:change', {
                    before: formatValue(t, change.before, language),
                    after: formatValue(t, change.after, language),
                  })}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </td>
      <td data-label={t('staff-actions:table.status')}>
        <StatusBadge status={item.statusCode === null ? undefined : failed ? 'failed' : 'done'}>
          {item.statusCode === null
            ? t('staff-actions:status.unknown')
            : t(failed ? 'staff-actions:status.failure' : 'staff-actions:status.success', { code: item.statusCode })}
        </StatusBadge>
      </td>
    </tr>
  );
}
