import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CreateGroup, CreateGroupSchema, GROUP_LIMITS } from '@kiwi/shared/schemas/group';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { Field } from '../labelled-field';
import { useSchemaForm } from '../use-schema-form';
import { FormDialog } from './form-dialog';
import { GroupOptions, useGroups } from './groups';
import { type Group, groupTree, type Member, toggled } from './member-types';
import { ListTable, RowAction } from './list-table';
import { LoadFailed, Loading } from './page-states';
import { useConfirmedAction } from './use-confirmed-action';
import './organization.css';

/** What is chosen: the parent as the select gives it ('' = top level); the members are picked in the list below. */
type GroupFormValues = { name: string; parent_id: string; member_ids?: never };
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
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
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
  const [memberIds, setMemberIds] = useState<Set<string> | null>(group ? null : new Set());
  const [memberFilter, setMemberFilter] = useState('');
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

  const { register, onSubmit, busy, failure, message } = useSchemaForm<GroupFormValues, CreateGroup>({
    schema: CreateGroupSchema.shape.group,
    defaultValues: { name: group?.name ?? '', parent_id: group?.parentId ? String(group.parentId) : '' },
    toPayload: ({ name, parent_id }) => ({
      name,
      parent_id: parent_id ? Number(parent_id) : null,
      ...(selected ? { member_ids: [...selected].map(Number) } : {}),
    }),
    send: (body) =>
      group
        ? api.put(`/organizations/${organizationId}/groups/${group.id}`, { group: body })
        : api.post(`/organizations/${organizationId}/groups`, { group: body }),
    onSaved: () => {
      showToast(t('common.saved'), 'success');
      onSaved();
      onClose();
    },
  });

  return (
    <FormDialog
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      submitting={busy}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Field label={t('groups.name')} error={message('name', { count: GROUP_LIMITS.nameMax })}>
        {(props) => <input {...props} required {...register('name')} />}
      </Field>
      <Field label={t('groups.parent')} error={message('parent_id')}>
        {(props) => (
          <select {...props} {...register('parent_id')}>
            <option value="">{t('groups.noParent')}</option>
            <GroupOptions groups={groups} except={group?.id} />
          </select>
        )}
      </Field>
      {message('member_ids') && <p className="field__error">{message('member_ids')}</p>}
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
