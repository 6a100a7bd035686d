import { useWalkingTranslation } from './use-walking-translation';
import { personLabel } from '@kiwi/shared/domain/people';
import { formatNumber } from '@kiwi/shared/i18n/format';
import type { DecodedDocument } from '@kiwi/shared/api/jsonapi';
import {
  AddWalkingEventTeamMemberSchema,
  CreateWalkingEventTeamSchema,
  RandomTeamsSchema,
  WALKING_EVENT_LIMITS,
} from '@kiwi/shared/schemas/walking-event';
import { useToast } from '@kiwi/shared/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../session/session-provider';
import type { Member } from '../organization/member-types';
import { Empty } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { Field } from '../labelled-field';
import { FormFailure } from '../text-field';
import { useSchemaForm } from '../use-schema-form';
import { type TeamDraft, type WalkingEvent, type WalkingEventTeam, walkingEventKeys } from './types';
import { StatusBadge } from '../../layout/status-badge';

const TeamNameSchema = CreateWalkingEventTeamSchema.shape.walking_event_team;
const SeedFormSchema = RandomTeamsSchema.shape.random_teams.pick({ seed: true });

/** The teams tab: teams by hand (create, rename, delete, add and remove members) and, for random events, the draw. */
export function TeamsPanel({ organizationId, event }: { organizationId: string; event: WalkingEvent }) {
  const { t } = useWalkingTranslation(['organization', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
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
  const createTeam = useSchemaForm({
    schema: TeamNameSchema,
    defaultValues: { team_name: '' },
    send: (walking_event_team) => api.post(`/walking_events/${event.id}/teams`, { walking_event_team }),
    onSaved: (_answer, _values, form) => {
      form.reset();
      showToast(t('organization:common.saved'), 'success');
      return refresh();
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
        <form className="walking-inline-form" onSubmit={createTeam.onSubmit} noValidate aria-busy={createTeam.busy}>
          <Field label={t('teams.newName')} error={createTeam.message('team_name', { count: WALKING_EVENT_LIMITS.teamNameMax })}>
            {(props) => <input {...props} maxLength={WALKING_EVENT_LIMITS.teamNameMax} {...createTeam.register('team_name')} />}
          </Field>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={createTeam.busy}>
            {t('teams.add')}
          </button>
        </form>
      )}
      <FormFailure message={createTeam.failure} />
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
  const [renaming, setRenaming] = useState(false);
  const add = useSchemaForm<{ organization_member_id: string }, { organization_member_id: number }>({
    schema: AddWalkingEventTeamMemberSchema.shape.walking_event_team_member,
    defaultValues: { organization_member_id: '' },
    toPayload: ({ organization_member_id }) => ({
      organization_member_id: organization_member_id ? Number(organization_member_id) : undefined,
    }),
    send: (walking_event_team_member) => api.post(`/walking_event_teams/${team.id}/members`, { walking_event_team_member }),
    onSaved: (_result, _values, form) => {
      form.reset();
      return onChanged();
    },
  });
  const choice = add.form.watch('organization_member_id');
  const rename = useSchemaForm({
    schema: TeamNameSchema,
    defaultValues: { team_name: team.teamName },
    send: (walking_event_team) => api.put(`/walking_events/${event.id}/teams/${team.id}`, { walking_event_team }),
    onSaved: () => {
      setRenaming(false);
      return onChanged();
    },
  });
  return (
    <section className="walking-team" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        {team.teamName} <StatusBadge>{t('teams.memberCount', { count: team.memberCount })}</StatusBadge>
      </h3>
      <FormFailure message={add.failure ?? rename.failure} />
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
                  className="kiwi-button kiwi-button--text"
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
          <form className="walking-inline-form" onSubmit={add.onSubmit} noValidate aria-busy={add.busy}>
            <div className="field">
              <label htmlFor={`${id}-member`}>{t('teams.addMember')}</label>
              <select id={`${id}-member`} {...add.register('organization_member_id')}>
                <option value="">{t('teams.chooseMember')}</option>
                {available.map((member) => (
                  <option key={member.id} value={member.id}>
                    {personLabel(member)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="kiwi-button" disabled={!choice || add.busy}>
              {t('teams.addMemberButton')}
            </button>
          </form>
          {!renaming ? (
            <div className="card-table__actions">
              <button
                type="button"
                className="kiwi-button kiwi-button--text"
                aria-label={`${t('teams.rename')}: ${team.teamName}`}
                onClick={() => {
                  rename.form.reset({ team_name: team.teamName });
                  setRenaming(true);
                }}
              >
                {t('teams.rename')}
              </button>
              {!teamsLocked && (
                <button
                  type="button"
                  className="kiwi-button kiwi-button--text"
                  aria-label={`${t('organization:common.delete')}: ${team.teamName}`}
                  onClick={onDelete}
                >
                  {t('organization:common.delete')}
                </button>
              )}
            </div>
          ) : (
            <form className="walking-inline-form" onSubmit={rename.onSubmit} noValidate aria-busy={rename.busy}>
              <Field label={t('teams.renameTitle')} error={rename.message('team_name', { count: WALKING_EVENT_LIMITS.teamNameMax })}>
                {(props) => <input {...props} maxLength={WALKING_EVENT_LIMITS.teamNameMax} {...rename.register('team_name')} />}
              </Field>
              <button type="submit" className="kiwi-button kiwi-button--primary" disabled={rename.busy}>
                {t('organization:common.save')}
              </button>
              <button type="button" className="kiwi-button" onClick={() => setRenaming(false)}>
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
  const preview = useSchemaForm<{ seed: string }, { seed?: string }, DecodedDocument<TeamDraft[]>>({
    schema: SeedFormSchema,
    // No seed: the server picks one, shown after the preview to draw the same teams again.
    toPayload: ({ seed }) => (seed ? { seed } : {}),
    defaultValues: { seed: '' },
    send: (values) => api.post<TeamDraft[]>(`/walking_events/${event.id}/random_teams`, { random_teams: { apply: false, ...values } }),
    onSaved: (document, _values, form) => form.setValue('seed', String(document.meta?.seed ?? '')),
  });
  const drafts = preview.mutation.data?.data ?? [];
  const drawnSeed = String(preview.mutation.data?.meta?.seed ?? '');
  return (
    <section className="walking-draw" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('draw.title')}</h2>
      <form className="walking-inline-form" onSubmit={preview.onSubmit} noValidate aria-busy={preview.busy}>
        <Field label={t('draw.seed')} error={preview.message('seed', { count: WALKING_EVENT_LIMITS.seedMax })}>
          {(props) => <input {...props} maxLength={WALKING_EVENT_LIMITS.seedMax} {...preview.register('seed')} />}
        </Field>
        <button type="submit" className="kiwi-button" disabled={preview.busy}>
          {t('draw.preview')}
        </button>
      </form>
      <FormFailure message={preview.failure} />
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
            className="kiwi-button kiwi-button--primary"
            onClick={() =>
              confirmed({
                title: t('draw.applyTitle'),
                body: t('draw.applyBody', { count: drafts.length }),
                action: () => api.post(`/walking_events/${event.id}/random_teams`, { random_teams: { apply: true, seed: drawnSeed } }),
                done: t('draw.applied'),
                afterDone: async () => {
                  preview.mutation.reset();
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
