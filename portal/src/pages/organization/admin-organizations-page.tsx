import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '@kiwi/shared/ui/toast';
import type { Organization } from '../../session/kiwi-user';
import { useSession } from '../../session/session-provider';
import { FormDialog } from './form-dialog';
import { ListTable, RowAction } from './list-table';
import { useConfirmedAction } from './use-confirmed-action';
import { useFormSubmit } from './use-form-submit';
import './organization.css';

/** SPEC §2 /_admin/org: every organisation; create, edit the contract, archive (confirmed). */
export function AdminOrganizationsPage() {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'organizations', name, page],
    queryFn: () => api.get<Organization[]>('/organizations', { page, per: 20, q: { name: name || undefined } }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'organizations'] });

  const archive = (organization: Organization) =>
    confirmed({
      title: t('admin.archiveTitle'),
      body: t('admin.archiveBody', { name: organization.name }),
      okLabel: t('admin.archive'),
      action: () => api.put(`/organizations/${organization.id}/archive`),
      done: t('admin.archivedDone'),
      afterDone: refresh,
    });

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{t('admin.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('admin.create')}
        </button>
      </header>
      <form
        className="org-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setName(draft.trim());
          setPage(1);
        }}
      >
        <div className="field">
          <label htmlFor={searchId}>{t('admin.search')}</label>
          <input id={searchId} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('members.searchButton')}
        </button>
      </form>
      <ListTable
        query={list}
        caption={t('admin.title')}
        empty={t('admin.empty')}
        headers={[t('admin.name'), t('admin.identifier'), t('admin.plan'), t('admin.numberOfMembers'), t('common.actions')]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((organization) => (
            <tr key={organization.id}>
              <td>
                {organization.name}
                {organization.archived && (
                  <>
                    {' '}
                    <span className="org-badge org-badge--expired">{t('admin.archived')}</span>
                  </>
                )}
              </td>
              <td>
                <Link to={`/org/${encodeURIComponent(organization.identifier)}`}>{organization.identifier}</Link>
              </td>
              <td>{organization.plan}</td>
              <td>{organization.numberOfMembers ?? '∞'}</td>
              <td>
                <div className="org-table__actions">
                  <RowAction label={t('common.edit')} subject={organization.name} onClick={() => setEditing(organization)} />
                  {!organization.archived && (
                    <RowAction label={t('admin.archive')} subject={organization.name} onClick={() => archive(organization)} />
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
    </div>
  );
}

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
  const id = useId();
  const [values, setValues] = useState({
    name: organization?.name ?? '',
    identifier: organization?.identifier ?? '',
    plan: organization?.plan ?? 'business',
    number_of_members:
      organization?.numberOfMembers === null || organization?.numberOfMembers === undefined ? '' : String(organization.numberOfMembers),
    service_started_at: organization?.serviceStartedAt ?? '',
  });
  const { submitting, errors, failure, submit } = useFormSubmit();

  const save = submit(async () => {
    const seats = values.number_of_members.trim();
    const body = {
      organization: {
        name: values.name,
        identifier: values.identifier.trim(),
        plan: values.plan,
        number_of_members: seats === '' ? null : Number(seats),
        service_started_at: values.service_started_at || null,
      },
    };
    if (organization) await api.put(`/organizations/${organization.id}`, body);
    else await api.post('/organizations', body);
    showToast(organization ? t('common.saved') : t('admin.created'), 'success');
    onSaved();
    onClose();
  });

  const field = (key: keyof typeof values, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="field__error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <FormDialog
      title={organization ? organization.name : t('admin.create')}
      submitting={submitting}
      failure={failure}
      onSubmit={save}
      onClose={onClose}
    >
      <div className="org-form__row">
        {field('name', t('admin.name'))}
        {field('identifier', t('admin.identifier'))}
      </div>
      <div className="org-form__row">
        {field('plan', t('admin.plan'))}
        {field('number_of_members', t('admin.numberOfMembers'), 'number')}
        {field('service_started_at', t('admin.serviceStartedAt'), 'date')}
      </div>
    </FormDialog>
  );
}
