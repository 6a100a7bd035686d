import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { personLabel } from '../../domain/people';
import { type Guild, guildApi, guildErrorMessage, type GuildMember, guildPaths, guildQueryKeys } from '../../schemas/guild-resources';
import { useConfirm } from '../../ui/confirm-dialog';
import { PersonOption } from '../../ui/person-option';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { usePeopleSearch } from '../people-search';
import { ReportButton } from '../report/report-button';
import '../../ui/button.css';
import './guild-chat.css';
import '../../ui/visually-hidden.css';

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
            act={act}
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
      {canInvite && viewer && <InviteForm guild={guild} organizationId={viewer.organizationId} act={act} />}
    </aside>
  );
}

function MemberRow({
  guild,
  member,
  isMe,
  act,
  onLeave,
  onRemove,
}: {
  guild: Guild;
  member: GuildMember;
  isMe: boolean;
  act: (run: () => Promise<unknown>, success: string) => Promise<void>;
  onLeave: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['guilds', 'common']);
  const { api } = useFeatureContext();
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState(member.role);
  const roleId = useId();
  const canEdit = isMe || guild.canManage;

  const save = (event: FormEvent) => {
    event.preventDefault();
    act(() => api.put(guildApi.member(guild.id, member.id), { guild_member: { role } }), t('guilds:members.roleSaved'))
      .then(() => setEditing(false))
      .catch(() => undefined);
  };

  return (
    <li className="kiwi-guild__member">
      <span className="kiwi-guild__member-name">
        {member.name}
        {member.author && <span className="kiwi-guild__badge">{t('guilds:members.author')}</span>}
      </span>
      {editing ? (
        <form onSubmit={save} className="kiwi-guild__role-form">
          <label htmlFor={roleId} className="kiwi-visually-hidden">
            {t('guilds:members.role')}
          </label>
          <input
            id={roleId}
            value={role}
            maxLength={GUILD_LIMITS.roleMax * 4}
            onChange={(event) => setRole(event.target.value)}
            placeholder={t('guilds:members.rolePlaceholder')}
          />
          <button type="submit" className="kiwi-button">
            {t('guilds:chat.save')}
          </button>
          <button type="button" className="kiwi-button" onClick={() => setEditing(false)}>
            {t('common:actions.cancel')}
          </button>
        </form>
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

/** Pick a colleague (contract 1's member search) and invite them. */
function InviteForm({
  guild,
  organizationId,
  act,
}: {
  guild: Guild;
  organizationId: string;
  act: (run: () => Promise<unknown>, success: string) => Promise<void>;
}) {
  const { t } = useTranslation(['guilds', 'errors']);
  const { api, resolveUrl } = useFeatureContext();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const present = new Set((guild.members ?? []).map((member) => String(member.organizationMemberId)));
  const { people: search } = usePeopleSearch(organizationId, query);
  const candidates = (search.data ?? []).filter((colleague) => !present.has(String(colleague.id)));

  return (
    <div className="kiwi-guild__invite">
      <label htmlFor={searchId}>{t('guilds:members.invite')}</label>
      <input
        id={searchId}
        type="search"
        value={query}
        placeholder={t('guilds:members.searchPlaceholder')}
        onChange={(event) => setQuery(event.target.value)}
      />
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
              onClick={() =>
                act(
                  () => api.post(guildApi.join(guild.id), { guild_member: { organization_member_id: Number(colleague.id) } }),
                  t('guilds:members.invitedToast', { name: colleague.nickname || colleague.name }),
                )
                  .then(() => setQuery(''))
                  .catch(() => undefined)
              }
            >
              {t('guilds:members.inviteButton')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
