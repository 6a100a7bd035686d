import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '@kiwi/shared/i18n/format';
import { CreateOrganizationSchema, OrganizationListQuerySchema, UpdateOrganizationSchema } from '@kiwi/shared/schemas/organization';
import { useToast } from '@kiwi/shared/ui/toast';
import type { Organization } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import { AdminOrganizationContractDialog } from './admin-organization-contract-dialog';
import { AdminOrganizationDeleteDialog } from './admin-organization-delete-dialog';
import { type AdminOrganization, useAdminOrganizationsTranslation } from './admin-organization-translation';
import { Field } from '../labelled-field';
import { useFilterForm } from '../use-filter-form';
import { useSchemaForm } from '../use-schema-form';
import { FormDialog } from './form-dialog';
import { ListTable, RowAction } from './list-table';
import { useConfirmedAction } from './use-confirmed-action';
import './organization.css';
import './admin-organizations.css';
import { StatusBadge } from '../../layout/status-badge';
import { DateField } from '@kiwi/shared/forms/date-field';
import { DATE_RANGE } from '@kiwi/shared/domain/date-range';

/** The API's bound on q[name]. */
const SEARCH_MAX = 100;

/**
 * SPEC §2 /_admin/org: every organisation; create, edit, plan / period / seats (issue 20), archive and unarchive
 * (confirmed), delete an archived one after typing its identifier.
 */
export function AdminOrganizationsPage() {
  const { t, i18n } = useAdminOrganizationsTranslation();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const searchId = useId();
  const [name, setName] = useState('');
  const search = useFilterForm<{ name: string }>({
    applied: { name },
    schema: OrganizationListQuerySchema.shape.q.unwrap(),
    toQuery: (values) => ({ name: values.name.trim() || undefined }),
    onApply: (values) => {
      setName(values.name.trim());
      setPage(1);
    },
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [contract, setContract] = useState<AdminOrganization | null>(null);
  const [deleting, setDeleting] = useState<AdminOrganization | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'organizations', name, page],
    queryFn: () => api.get<AdminOrganization[]>('/organizations', { page, per: 20, q: { name: name || undefined } }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'organizations'] });

  const archive = (organization: Organization) =>
    confirmed({
      title: t('organization:admin.archiveTitle'),
      body: t('organization:admin.archiveBody', { name: organization.name }),
      okLabel: t('organization:admin.archive'),
      action: () => api.put(`/organizations/${organization.id}/archive`),
      done: t('organization:admin.archivedDone'),
      afterDone: refresh,
    });
  const unarchive = (organization: Organization) =>
    confirmed({
      title: t('unarchive.title'),
      body: t('unarchive.body', { name: organization.name }),
      okLabel: t('actions.unarchive'),
      action: () => api.put(`/organizations/${organization.id}/unarchive`),
      done: t('unarchive.done'),
      afterDone: refresh,
    });
  const date = (value: string | null | undefined) => (value ? formatDate(value, i18n.language) : '');
  const period = (organization: Organization) => {
    if (!organization.planStartedAt && !organization.planEndedAt) return t('periodNone');
    if (!organization.planEndedAt) return t('periodOpen', { start: date(organization.planStartedAt) });
    return `${date(organization.planStartedAt)} – ${date(organization.planEndedAt)}`;
  };
  const headers = {
    name: t('organization:admin.name'),
    identifier: t('organization:admin.identifier'),
    plan: t('organization:admin.plan'),
    period: t('columns.period'),
    seats: t('columns.seats'),
    actions: t('organization:common.actions'),
  };

  return (
    <div className="org-page admin-orgs">
      <header className="org-page__header">
        <h1>{t('organization:admin.title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
          {t('organization:admin.create')}
        </button>
      </header>
      <form className="org-filters" role="search" onSubmit={search.onSubmit} noValidate>
        <div className="field">
          <label htmlFor={searchId}>{t('organization:admin.search')}</label>
          <input
            id={searchId}
            type="search"
            maxLength={SEARCH_MAX}
            aria-invalid={search.errors.name ? true : undefined}
            aria-describedby={search.errors.name ? `${searchId}-error` : undefined}
            {...search.register('name')}
          />
          {search.errors.name && (
            <p id={`${searchId}-error`} className="field__error">
              {t('errors:validation.tooLong', { count: SEARCH_MAX })}
            </p>
          )}
        </div>
        <button type="submit" className="kiwi-button">
          {t('organization:members.searchButton')}
        </button>
      </form>
      <ListTable
        query={list}
        caption={t('organization:admin.title')}
        empty={t('organization:admin.empty')}
        headers={Object.values(headers)}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((organization) => (
            <tr key={organization.id}>
              <td data-label={headers.name}>
                {organization.name}{' '}
                {organization.archived ? (
                  <StatusBadge status="archived">{t('organization:admin.archived')}</StatusBadge>
                ) : (
                  <StatusBadge status="active">{t('active')}</StatusBadge>
                )}
              </td>
              <td data-label={headers.identifier}>
                <Link to={`/org/${encodeURIComponent(organization.identifier)}`}>{organization.identifier}</Link>
              </td>
              <td data-label={headers.plan}>{organization.plan}</td>
              <td data-label={headers.period}>{period(organization)}</td>
              <td data-label={headers.seats}>
                {t('seatsFigure', {
                  used: formatNumber(organization.seatsUsed, i18n.language),
                  seats: organization.numberOfMembers == null ? t('unlimited') : formatNumber(organization.numberOfMembers, i18n.language),
                })}
              </td>
              <td data-label={headers.actions}>
                <div className="card-table__actions">
                  <RowAction label={t('organization:common.edit')} subject={organization.name} onClick={() => setEditing(organization)} />
                  <RowAction label={t('actions.contract')} subject={organization.name} onClick={() => setContract(organization)} />
                  {organization.archived ? (
                    <>
                      <RowAction label={t('actions.unarchive')} subject={organization.name} onClick={() => unarchive(organization)} />
                      <RowAction label={t('actions.delete')} subject={organization.name} onClick={() => setDeleting(organization)} />
                    </>
                  ) : (
                    <RowAction label={t('organization:admin.archive')} subject={organization.name} onClick={() => archive(organization)} />
                  )}
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <OrganizationFormDialog organization={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      {contract && <AdminOrganizationContractDialog organization={contract} onClose={() => setContract(null)} onSaved={refresh} />}
      {deleting && <AdminOrganizationDeleteDialog organization={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />}
    </div>
  );
}

type OrganizationFormValues = { name: string; identifier: string; plan: string; number_of_members: string; service_started_at: string };

function OrganizationFormDialog({
  organization,
  onClose,
  onSaved,
}: {
  organization: Organization | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const { showToast } = useToast();
  const { register, form, onSubmit, busy, failure, message } = useSchemaForm<OrganizationFormValues, Record<string, unknown>>({
    schema: organization ? UpdateOrganizationSchema.shape.organization : CreateOrganizationSchema.shape.organization,
    defaultValues: {
      name: organization?.name ?? '',
      identifier: organization?.identifier ?? '',
      plan: organization?.plan ?? 'business',
      number_of_members:
        organization?.numberOfMembers === null || organization?.numberOfMembers === undefined ? '' : String(organization.numberOfMembers),
      service_started_at: organization?.serviceStartedAt ?? '',
    },
    toPayload: (values) => {
      const seats = values.number_of_members.trim();
      // Plan and seats of an existing organisation change in the contract dialog (with its seats warning).
      const contract = organization ? {} : { plan: values.plan, number_of_members: seats === '' ? null : Number(seats) };
      return {
        name: values.name,
        identifier: values.identifier.trim(),
        ...contract,
        service_started_at: values.service_started_at || null,
      };
    },
    send: (payload) =>
      organization
        ? api.put(`/organizations/${organization.id}`, { organization: payload })
        : api.post('/organizations', { organization: payload }),
    onSaved: () => {
      showToast(organization ? t('common.saved') : t('admin.created'), 'success');
      onSaved();
      onClose();
    },
  });

  const field = (key: keyof OrganizationFormValues, label: string, type = 'text') => (
    <Field label={label} error={message(key)}>
      {(props) => <input {...props} type={type} {...register(key)} />}
    </Field>
  );

  return (
    <FormDialog
      title={organization ? organization.name : t('admin.create')}
      submitting={busy}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="org-form__row">
        {field('name', t('admin.name'))}
        {field('identifier', t('admin.identifier'))}
      </div>
      <div className="org-form__row">
        {!organization && field('plan', t('admin.plan'))}
        {!organization && field('number_of_members', t('admin.numberOfMembers'), 'number')}
        <Field label={t('admin.serviceStartedAt')} error={message('service_started_at')}>
          {(props) => <DateField {...props} kind="date" {...DATE_RANGE} form={form} name="service_started_at" />}
        </Field>
      </div>
    </FormDialog>
  );
}
