import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { personLabel } from '../../domain/people';
import { eventApi, eventErrorMessage, type EventMember } from '../../schemas/event-resources';
import { FieldError } from '../../ui/form-parts';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { usePeopleSearch } from '../people-search';
import { type InviteValues, inviteRules, rulesResolver } from './event-resolvers';

/**
 * Invite a colleague as participant or co-host: search (the one people search: asked once typing pauses, nothing
 * before), pick, send.
 */
export function InviteForm({
  organizationId,
  eventId,
  members,
  onInvited,
}: {
  organizationId: string;
  eventId: string;
  members: EventMember[];
  onInvited: () => void;
}) {
  const { t } = useTranslation(['events', 'errors']);
  const { api } = useFeatureContext();
  const { showToast } = useToast();
  const { register, handleSubmit, watch, setValue, formState } = useForm<InviteValues>({
    defaultValues: { search: '', person: '', role: 'member' },
    resolver: rulesResolver(t, inviteRules),
  });
  const [name, chosen] = [watch('search'), watch('person')];
  const ids = { search: useId(), person: useId(), role: useId() };
  const taken = new Set(members.map((member) => String(member.organizationMemberId)));
  const { search, people: colleagues } = usePeopleSearch(organizationId, name);
  const choices = (colleagues.data ?? []).filter((colleague) => !taken.has(colleague.id));
  const invite = useMutation({
    mutationFn: ({ person, role }: InviteValues) =>
      api.post(eventApi.join(organizationId, eventId), { event_member: { organization_member_id: Number(person), role } }),
    onSuccess: () => {
      showToast(t('events:invite.sent'), 'success');
      setValue('person', '');
      onInvited();
    },
    onError: (error) => showToast(eventErrorMessage(error, t), 'error'),
  });
  const personError = formState.errors.person?.message;

  return (
    <form className="kiwi-event-invite" onSubmit={handleSubmit((values) => invite.mutate(values))}>
      <h3>{t('events:invite.title')}</h3>
      <label htmlFor={ids.search}>{t('events:invite.search')}</label>
      <input id={ids.search} type="search" {...register('search')} />
      <label htmlFor={ids.person}>{t('events:invite.person')}</label>
      <select
        id={ids.person}
        {...register('person')}
        aria-invalid={personError ? true : undefined}
        aria-describedby={personError ? `${ids.person}-error` : undefined}
      >
        <option value="">
          {search === ''
            ? t('events:invite.typeFirst')
            : colleagues.isPending
              ? t('events:loading')
              : choices.length === 0
                ? t('events:invite.noMatch')
                : t('events:invite.choose')}
        </option>
        {choices.map((colleague) => (
          <option key={colleague.id} value={colleague.id}>
            {personLabel(colleague)}
          </option>
        ))}
      </select>
      <FieldError id={ids.person} message={personError} className="kiwi-event__error" alert />
      <label htmlFor={ids.role}>{t('events:invite.role')}</label>
      <select id={ids.role} {...register('role')}>
        <option value="member">{t('events:role.member')}</option>
        <option value="manager">{t('events:role.manager')}</option>
      </select>
      <button type="submit" className="kiwi-button" disabled={!chosen || invite.isPending}>
        {t('events:invite.send')}
      </button>
    </form>
  );
}
