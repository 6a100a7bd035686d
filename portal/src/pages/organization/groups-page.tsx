import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { FormDialog } from './form-dialog';
import { GroupOptions, useGroups } from './groups';
import { type Group, groupTree, type Member, toggled } from './member-types';
import { ListTable, RowAction } from './list-table';
import { LoadFailed, Loading } from './page-states';
import { useConfirmedAction } from './use-confirmed-action';
import { useFormSubmit } from './use-form-submit';
import './organization.css';

type GroupDetail = Group & { members: { id: string; name: string; email: string }[] };

/** SPEC §2 /org/{identifier}/groups: the hierarchy with member counts; create, edit (name, parent, members), delete. */
export function GroupsPage() {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const organizationId = organization?.id;
  const groups = useGroups(organizationId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['organization', organizationId] });

  if (!loaded) return <Loading />;
  if (!organizationId) return <LoadFailed onRetry={() => window.location.reload()} />;

  const remove = (group: Group) =>
    confirmed({
      title: t('groups.deleteTitle'),
      body: t('groups.deleteBody', { name: group.name }),
      okLabel: t('common.delete'),
      action: () => api.delete(`/organizations/${organizationId}/groups/${group.id}`),
      done: t('common.deleted'),
      afterDone: refresh,
    });

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{t('groups.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('groups.create')}
        </button>
      </header>
      <ListTable
        query={groups}
        caption={t('groups.title')}
        empty={t('groups.empty')}
        headers={[t('groups.name'), t('groups.members'), t('common.actions')]}
        rows={(items) =>
          groupTree(items).map(({ group, depth }) => (
            <tr key={group.id}>
              <td>
                <span className="org-tree-indent" style={{ width: depth * 20 }} aria-hidden="true" />
                {depth > 0 ? '└ ' : ''}
                {group.name}
              </td>
              <td>{t('groups.memberCount', { count: group.memberCount })}</td>
              <td>
                <div className="card-table__actions">
                  <RowAction label={t('common.edit')} subject={group.name} onClick={() => setEditing(group)} />
                  <RowAction label={t('common.delete')} subject={group.name} onClick={() => remove(group)} />
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <GroupFormDialog
          organizationId={organizationId}
          group={editing === 'new' ? null : editing}
          groups={groups.data?.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </div>
  );
}

function GroupFormDialog({
  organizationId,
  group,
  groups,
  onClose,
  onSaved,
}: {
  organizationId: string;
  group: Group | null;
  groups: Group[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [parentId, setParentId] = useState(group?.parentId ? String(group.parentId) : '');
  const [memberIds, setMemberIds] = useState<Set<string> | null>(group ? null : new Set());
  const [memberFilter, setMemberFilter] = useState('');
  const { submitting, errors, failure, submit } = useFormSubmit();

  const detail = useQuery({
    queryKey: ['organization', organizationId, 'group', group?.id],
    queryFn: async () => (await api.get<GroupDetail>(`/organizations/${organizationId}/groups/${group!.id}`)).data,
    enabled: group !== null,
  });
  // The members chosen here, else the group's current ones (also when they come from the query cache); null = unknown,
  // and then the save leaves the members as they are.
  const selected = memberIds ?? (detail.data ? new Set(detail.data.members.map((member) => member.id)) : null);
  const candidates = useQuery({
    queryKey: ['organization', organizationId, 'members', 'picker', memberFilter],
    queryFn: () => api.get<Member[]>(`/organizations/${organizationId}/members`, { per: 100, q: { name: memberFilter || undefined } }),
  });

  const save = submit(async () => {
    const body = {
      group: { name, parent_id: parentId ? Number(parentId) : null, ...(selected ? { member_ids: [...selected].map(Number) } : {}) },
    };
    if (group) await api.put(`/organizations/${organizationId}/groups/${group.id}`, body);
    else await api.post(`/organizations/${organizationId}/groups`, body);
    showToast(t('common.saved'), 'success');
    onSaved();
    onClose();
  });

  return (
    <FormDialog
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      submitting={submitting}
      failure={failure}
      onSubmit={save}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('groups.name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          aria-invalid={errors.name ? true : undefined}
        />
        {errors.name && <p className="field__error">{errors.name}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-parent`}>{t('groups.parent')}</label>
        <select id={`${id}-parent`} value={parentId} onChange={(event) => setParentId(event.target.value)}>
          <option value="">{t('groups.noParent')}</option>
          <GroupOptions groups={groups} except={group?.id} />
        </select>
        {errors.parent_id && <p className="field__error">{errors.parent_id}</p>}
      </div>
      <fieldset className="org-checklist">
        <legend>{t('groups.membersHint')}</legend>
        <input
          type="search"
          aria-label={t('groups.filterMembers')}
          placeholder={t('groups.filterMembers')}
          value={memberFilter}
          onChange={(event) => setMemberFilter(event.target.value)}
        />
        {(group && detail.isPending) || candidates.isPending ? (
          <Loading />
        ) : group && detail.isError ? (
          <LoadFailed onRetry={() => void detail.refetch()} />
        ) : candidates.isError ? (
          <LoadFailed onRetry={() => void candidates.refetch()} />
        ) : (
          candidates.data.data.map((member) => (
            <label key={member.id}>
              <input
                type="checkbox"
                checked={selected?.has(member.id) ?? false}
                onChange={(event) => setMemberIds(toggled(selected ?? [], member.id, event.target.checked))}
              />{' '}
              {member.name || member.email}
            </label>
          ))
        )}
      </fieldset>
    </FormDialog>
  );
}
