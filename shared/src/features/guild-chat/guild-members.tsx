import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { type Person, personLabel } from '../../domain/people';
import { type Guild, guildApi, guildErrorMessage, type GuildMember, guildPaths, guildQueryKeys } from '../../schemas/guild-resources';
import { useConfirm } from '../../ui/confirm-dialog';
import { FieldError } from '../../ui/form-parts';
import { PersonOption } from '../../ui/person-option';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { usePeopleSearch } from '../people-search';
import { ReportButton } from '../report/report-button';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/visually-hidden.css';
import { type RoleValues, roleResolver, serverFieldError } from './chat-rules';

/**
 * Members and invitations of a guild: free role labels (anyone for themself, the guild's managers for all), invite a
 * colleague, remove a member (the author, the organisation's managers), leave.
 */
export function GuildMembers({ guild }: { guild: Guild }) {
  const { t } = useTranslation(['guilds', 'errors', 'common']);
  const { api, viewer, navigate } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const headingId = useId();
  const members = guild.members ?? [];
  const me = viewer ? Number(viewer.organizationMemberId) : null;
  const canInvite = guild.myStatus === 'joined' || guild.canManage;

  const reload = () => queryClient.invalidateQueries({ queryKey: guildQueryKeys.detail(guild.id) });
  const act = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      showToast(success, 'success', guild.id);
      await reload();
    } catch (error) {
      showToast(guildErrorMessage(error, t), 'error', guild.id);
      throw error;
    }
  };

  const joined = members.filter((member) => member.status === 'joined');
  const invited = members.filter((member) => member.status === 'invited');

  return (
    <aside className="kiwi-guild__members" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('guilds:members.title', { count: joined.length })}</h2>
      <ul className="kiwi-guild__member-list">
        {joined.map((member) => (
          <MemberRow
            key={member.id}
            guild={guild}
            member={member}
            isMe={member.organizationMemberId === me}
            onLeave={() =>
              confirm({
                title: t('guilds:members.leaveTitle'),
                body: t('guilds:members.leaveBody', { name: guild.name }),
                onSubmit: () =>
                  act(async () => {
                    await api.delete(guildApi.member(guild.id, member.id));
                    await queryClient.invalidateQueries({ queryKey: guildQueryKeys.all });
                    navigate(guildPaths.list());
                  }, t('guilds:members.left')),
              })
            }
            onRemove={() =>
              confirm({
                title: t('guilds:members.removeTitle'),
                body: t('guilds:members.removeBody', { name: member.name }),
                onSubmit: () => act(() => api.delete(guildApi.member(guild.id, member.id)), t('guilds:members.removed')),
              })
            }
          />
        ))}
      </ul>
      {invited.length > 0 && (
        <>
          <h3>{t('guilds:members.invited')}</h3>
          <ul className="kiwi-guild__member-list">
            {invited.map((member) => (
              <li key={member.id} className="kiwi-guild__member">
                <span>{member.name}</span>
                <span className="kiwi-guild__badge">{t('guilds:myStatus.invited')}</span>
                {guild.canManage && (
                  <button
                    type="button"
                    className="kiwi-link-button"
                    onClick={() =>
                      confirm({
                        title: t('guilds:members.cancelInvitationTitle'),
                        body: t('guilds:members.cancelInvitationBody', { name: member.name }),
                        onSubmit: () =>
                          act(() => api.delete(guildApi.member(guild.id, member.id)), t('guilds:members.invitationCancelled')),
                      })
                    }
                  >
                    {t('guilds:members.cancelInvitation')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {canInvite && viewer && <InviteForm guild={guild} organizationId={viewer.organizationId} />}
    </aside>
  );
}

function MemberRow({
  guild,
  member,
  isMe,
  onLeave,
  onRemove,
}: {
  guild: Guild;
  member: GuildMember;
  isMe: boolean;
  onLeave: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['guilds', 'common']);
  const [editing, setEditing] = useState(false);
  const canEdit = isMe || guild.canManage;

  return (
    <li className="kiwi-guild__member">
      <span className="kiwi-guild__member-name">
        {member.name}
        {member.author && <span className="kiwi-guild__badge">{t('guilds:members.author')}</span>}
      </span>
      {editing ? (
        <RoleForm guild={guild} member={member} onDone={() => setEditing(false)} />
      ) : (
        <span className="kiwi-guild__muted">{member.role}</span>
      )}
      <span className="kiwi-guild__member-actions">
        {canEdit && !editing && (
          <button
            type="button"
            className="kiwi-link-button"
            aria-label={t('guilds:members.editRoleOf', { name: member.name })}
            onClick={() => setEditing(true)}
          >
            {t('guilds:members.editRole')}
          </button>
        )}
        {isMe && !member.author && (
          <button type="button" className="kiwi-link-button" onClick={onLeave}>
            {t('guilds:members.leave')}
          </button>
        )}
        {!isMe && !member.author && guild.canManage && (
          <button
            type="button"
            className="kiwi-link-button"
            aria-label={t('guilds:members.removeOf', { name: member.name })}
            onClick={onRemove}
          >
            {t('guilds:members.remove')}
          </button>
        )}
        {!isMe && <ReportButton target={{ type: 'OrganizationMember', id: member.organizationMemberId }} name={member.name} member />}
      </span>
    </li>
  );
}

/**
 * A member's free role label, inline: the length rule before sending, the server's word on the label under the field,
 * any other failure as a toast; saving is a mutation (its busy state disables the button).
 */
function RoleForm({ guild, member, onDone }: { guild: Guild; member: GuildMember; onDone: () => void }) {
  const { t } = useTranslation(['guilds', 'common', 'validation', 'errors']);
  const { api } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { register, handleSubmit, setError, formState } = useForm<RoleValues>({
    defaultValues: { role: member.role },
    resolver: roleResolver(t),
  });
  const roleId = useId();
  const problem = formState.errors.role?.message;
  const save = useMutation({
    mutationFn: (values: RoleValues) => api.put(guildApi.member(guild.id, member.id), { guild_member: { role: values.role } }),
    onSuccess: async () => {
      showToast(t('guilds:members.roleSaved'), 'success', guild.id);
      await queryClient.invalidateQueries({ queryKey: guildQueryKeys.detail(guild.id) });
      onDone();
    },
    onError: (error) => {
      const field = serverFieldError(t, error, '/guild_member/role');
      if (field) setError('role', { type: 'server', message: field });
      else showToast(guildErrorMessage(error, t), 'error', guild.id);
    },
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} className="kiwi-guild__role-form" aria-busy={save.isPending} noValidate>
      <label htmlFor={roleId} className="kiwi-visually-hidden">
        {t('guilds:members.role')}
      </label>
      <input
        id={roleId}
        maxLength={GUILD_LIMITS.roleMax * 4}
        placeholder={t('guilds:members.rolePlaceholder')}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${roleId}-error` : undefined}
        {...register('role')}
      />
      <button type="submit" className="kiwi-button" disabled={save.isPending}>
        {t('guilds:chat.save')}
      </button>
      <button type="button" className="kiwi-button" onClick={onDone}>
        {t('common:actions.cancel')}
      </button>
      <FieldError id={roleId} message={problem} className="kiwi-guild__error" />
    </form>
  );
}

/** Pick a colleague (contract 1's member search, as typed) and invite them; the invitation is a mutation. */
function InviteForm({ guild, organizationId }: { guild: Guild; organizationId: string }) {
  const { t } = useTranslation(['guilds', 'errors']);
  const { api, resolveUrl } = useFeatureContext();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { register, watch, reset } = useForm<{ query: string }>({ defaultValues: { query: '' } });
  const query = watch('query');
  const searchId = useId();
  const present = new Set((guild.members ?? []).map((member) => String(member.organizationMemberId)));
  const { people: search } = usePeopleSearch(organizationId, query);
  const candidates = (search.data ?? []).filter((colleague) => !present.has(String(colleague.id)));
  const invite = useMutation({
    mutationFn: (colleague: Person) =>
      api.post(guildApi.join(guild.id), { guild_member: { organization_member_id: Number(colleague.id) } }),
    onSuccess: async (_answer, colleague) => {
      showToast(t('guilds:members.invitedToast', { name: colleague.nickname || colleague.name }), 'success', guild.id);
      await queryClient.invalidateQueries({ queryKey: guildQueryKeys.detail(guild.id) });
      reset();
    },
    onError: (error) => showToast(guildErrorMessage(error, t), 'error', guild.id),
  });

  return (
    <div className="kiwi-guild__invite">
      <label htmlFor={searchId}>{t('guilds:members.invite')}</label>
      <input id={searchId} type="search" placeholder={t('guilds:members.searchPlaceholder')} {...register('query')} />
      {search.isFetching && <p role="status">{t('guilds:members.searching')}</p>}
      {search.isError && (
        <p role="alert" className="kiwi-guild__error">
          {guildErrorMessage(search.error, t)}
        </p>
      )}
      {query.trim() !== '' && search.isSuccess && candidates.length === 0 && (
        <p className="kiwi-guild__muted">{t('guilds:members.noCandidates')}</p>
      )}
      <ul className="kiwi-guild__member-list">
        {candidates.map((colleague) => (
          <li key={colleague.id} className="kiwi-guild__member">
            <PersonOption person={colleague} resolveUrl={resolveUrl} />
            <button
              type="button"
              className="kiwi-button"
              aria-label={t('guilds:members.inviteName', { name: personLabel(colleague) })}
              disabled={invite.isPending}
              onClick={() => invite.mutate(colleague)}
            >
              {t('guilds:members.inviteButton')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
