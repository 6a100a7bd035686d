import { useWalkingTranslation } from './use-walking-translation';
import { personLabel } from '@kiwi/shared/domain/people';
import { formatNumber } from '@kiwi/shared/i18n/format';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import type { Member } from '../organization/member-types';
import { Empty } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { FormFailure } from '../text-field';
import { type TeamDraft, type WalkingEvent, type WalkingEventTeam, walkingEventKeys } from './types';

/** The teams tab: teams by hand (create, rename, delete, add and remove members) and, for random events, the draw. */
export function TeamsPanel({ organizationId, event }: { organizationId: string; event: WalkingEvent }) {
  const { t } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const id = useId();
  const [teamName, setTeamName] = useState('');
  const teams = event.teams ?? [];
  // The set of teams and draws are fixed from the start day; who is in a team may change until the end day.
  const locked = event.editable !== 'all';
  const membersLocked = event.status === 'tallying' || event.status === 'final';
  const refresh = () => queryClient.invalidateQueries({ queryKey: walkingEventKeys.detail(event.id) });
  const members = useQuery({
    queryKey: ['organization', organizationId, 'members', 'walking-picker'],
    queryFn: () => api.get<Member[]>(`/organizations/${organizationId}/members`, { per: 100, q: { state: 'active' } }),
    enabled: !membersLocked,
  });
  const createTeam = useMutation({
    mutationFn: (name: string) => api.post(`/walking_events/${event.id}/teams`, { walking_event_team: { team_name: name } }),
    onSuccess: async () => {
      setTeamName('');
      showToast(t('organization:common.saved'), 'success');
      await refresh();
    },
  });
  const placed = new Set(teams.flatMap((team) => (team.members ?? []).map((member) => member['organization-member-id'])));
  const available = (members.data?.data ?? []).filter((member) => !placed.has(Number(member.id)));

  const removeTeam = (team: WalkingEventTeam) =>
    confirmed({
      title: t('teams.deleteTitle'),
      body: t('teams.deleteBody', { name: team.teamName }),
      okLabel: t('organization:common.delete'),
      action: () => api.delete(`/walking_events/${event.id}/teams/${team.id}`),
      done: t('organization:common.deleted'),
      afterDone: refresh,
    });

  return (
    <div className="walking-section">
      {locked && <p className="alert alert--info">{t('teams.locked')}</p>}
      {event.randomSeed && <p>{t('draw.lastSeed', { seed: event.randomSeed })}</p>}
      {!locked && event.randomType !== 'manual' && <DrawPanel event={event} onApplied={refresh} />}
      {!locked && (
        <form
          className="walking-inline-form"
          onSubmit={(submitted: FormEvent) => {
            submitted.preventDefault();
            createTeam.mutate(teamName);
          }}
          aria-busy={createTeam.isPending}
        >
          <div className="field">
            <label htmlFor={`${id}-team-name`}>{t('teams.newName')}</label>
            <input id={`${id}-team-name`} value={teamName} onChange={(change) => setTeamName(change.target.value)} maxLength={50} />
          </div>
          <button type="submit" className="button button--primary" disabled={createTeam.isPending}>
            {t('teams.add')}
          </button>
        </form>
      )}
      <FormFailure message={createTeam.isError ? apiErrorMessage(t, createTeam.error) : null} />
      {teams.length === 0 ? (
        <Empty text={t('teams.empty')} />
      ) : (
        <div className="walking-teams">
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              event={event}
              team={team}
              locked={membersLocked}
              teamsLocked={locked}
              available={available}
              onChanged={refresh}
              onDelete={() => removeTeam(team)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function TeamCard({
  event,
  team,
  locked,
  teamsLocked,
  available,
  onChanged,
  onDelete,
}: {
  event: WalkingEvent;
  team: WalkingEventTeam;
  locked: boolean;
  teamsLocked: boolean;
  available: Member[];
  onChanged: () => Promise<unknown>;
  onDelete: () => void;
}) {
  const { t } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const confirmed = useConfirmedAction();
  const id = useId();
  const [choice, setChoice] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (organizationMemberId: number) =>
      api.post(`/walking_event_teams/${team.id}/members`, { walking_event_team_member: { organization_member_id: organizationMemberId } }),
    onSuccess: async () => {
      setChoice('');
      await onChanged();
    },
  });
  const rename = useMutation({
    mutationFn: (name: string) => api.put(`/walking_events/${event.id}/teams/${team.id}`, { walking_event_team: { team_name: name } }),
    onSuccess: async () => {
      setRenaming(null);
      await onChanged();
    },
  });
  const failure = add.error ?? rename.error;
  return (
    <section className="walking-team" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        {team.teamName} <span className="org-badge">{t('teams.memberCount', { count: team.memberCount })}</span>
      </h3>
      <FormFailure message={failure ? apiErrorMessage(t, failure) : null} />
      {team.members === null ? (
        <p>{t('teams.hidden')}</p>
      ) : team.members.length === 0 ? (
        <p>{t('teams.noMembers')}</p>
      ) : (
        <ul aria-label={t('teams.members')}>
          {team.members.map((member) => (
            <li key={member['organization-member-id']}>
              <span>{member.name}</span>
              {!locked && (
                <button
                  type="button"
                  className="button button--text"
                  aria-label={`${t('teams.removeMember')}: ${member.name}`}
                  onClick={() =>
                    confirmed({
                      title: t('teams.removeMember'),
                      body: member.name,
                      action: () => api.delete(`/walking_event_teams/${team.id}/members/${member['organization-member-id']}`),
                      done: t('organization:common.saved'),
                      afterDone: onChanged,
                    })
                  }
                >
                  {t('teams.removeMember')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!locked && (
        <>
          <form
            className="walking-inline-form"
            onSubmit={(submitted) => {
              submitted.preventDefault();
              if (choice) add.mutate(Number(choice));
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-member`}>{t('teams.addMember')}</label>
              <select id={`${id}-member`} value={choice} onChange={(change) => setChoice(change.target.value)}>
                <option value="">{t('teams.chooseMember')}</option>
                {available.map((member) => (
                  <option key={member.id} value={member.id}>
                    {personLabel(member)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={!choice || add.isPending}>
              {t('teams.addMemberButton')}
            </button>
          </form>
          {renaming === null ? (
            <div className="org-table__actions">
              <button
                type="button"
                className="button button--text"
                aria-label={`${t('teams.rename')}: ${team.teamName}`}
                onClick={() => setRenaming(team.teamName)}
              >
                {t('teams.rename')}
              </button>
              {!teamsLocked && (
                <button
                  type="button"
                  className="button button--text"
                  aria-label={`${t('organization:common.delete')}: ${team.teamName}`}
                  onClick={onDelete}
                >
                  {t('organization:common.delete')}
                </button>
              )}
            </div>
          ) : (
            <form
              className="walking-inline-form"
              onSubmit={(submitted) => {
                submitted.preventDefault();
                rename.mutate(renaming);
              }}
            >
              <div className="field">
                <label htmlFor={`${id}-rename`}>{t('teams.renameTitle')}</label>
                <input id={`${id}-rename`} value={renaming} maxLength={50} onChange={(change) => setRenaming(change.target.value)} />
              </div>
              <button type="submit" className="button button--primary" disabled={rename.isPending}>
                {t('organization:common.save')}
              </button>
              <button type="button" className="button" onClick={() => setRenaming(null)}>
                {t('organization:common.cancel')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** Random or balanced teams: preview with a seed (shown, editable), then apply after confirmation. */
function DrawPanel({ event, onApplied }: { event: WalkingEvent; onApplied: () => Promise<unknown> }) {
  const { t, i18n } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const confirmed = useConfirmedAction();
  const id = useId();
  const [seed, setSeed] = useState('');
  const preview = useMutation({
    mutationFn: (value: string) =>
      api.post<TeamDraft[]>(`/walking_events/${event.id}/random_teams`, {
        random_teams: { apply: false, ...(value ? { seed: value } : {}) },
      }),
    onSuccess: (document) => setSeed(String(document.meta?.seed ?? '')),
  });
  const drafts = preview.data?.data ?? [];
  const drawnSeed = String(preview.data?.meta?.seed ?? '');
  return (
    <section className="walking-draw" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('draw.title')}</h2>
      <form
        className="walking-inline-form"
        onSubmit={(submitted) => {
          submitted.preventDefault();
          preview.mutate(seed);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-seed`}>{t('draw.seed')}</label>
          <input id={`${id}-seed`} value={seed} maxLength={32} onChange={(change) => setSeed(change.target.value)} />
        </div>
        <button type="submit" className="button" disabled={preview.isPending}>
          {t('draw.preview')}
        </button>
      </form>
      <FormFailure message={preview.isError ? apiErrorMessage(t, preview.error) : null} />
      {drafts.length > 0 && (
        <>
          <h3>{t('draw.previewHeading', { seed: drawnSeed })}</h3>
          <div className="walking-teams">
            {drafts.map((draft) => (
              <div key={draft.id} className="walking-team">
                <h4>{draft.teamName}</h4>
                <p>{t('draw.average', { steps: formatNumber(draft.averageSteps, i18n.language) })}</p>
                <ul>
                  {draft.members.map((member) => (
                    <li key={member['organization-member-id']}>{member.name}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              confirmed({
                title: t('draw.applyTitle'),
                body: t('draw.applyBody', { count: drafts.length }),
                action: () => api.post(`/walking_events/${event.id}/random_teams`, { random_teams: { apply: true, seed: drawnSeed } }),
                done: t('draw.applied'),
                afterDone: async () => {
                  preview.reset();
                  await onApplied();
                },
              })
            }
          >
            {t('draw.apply')}
          </button>
        </>
      )}
    </section>
  );
}
