import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Guild, guildApi } from '../../schemas/guild-resources';
import { useFeatureContext } from '../feature-context';
import type { Act } from './guild-message';

/** Join a public guild, or accept / decline an invitation to a private one (spec §4's accept step). */
export function MembershipBar({ guild, onChanged, act }: { guild: Guild; onChanged: () => void; act: Act }) {
  const { t } = useTranslation(['guilds']);
  const { api } = useFeatureContext();
  const change = useMutation({
    mutationFn: ({ work, success }: { work: () => Promise<unknown>; success: string }) => act(work, success),
    onSuccess: onChanged,
  });
  const run = (work: () => Promise<unknown>, success: string) => change.mutate({ work, success });
  const busy = change.isPending;
  if (guild.myStatus === 'joined') return null;
  if (guild.myStatus === 'invited' && guild.myGuildMemberId) {
    const memberId = guild.myGuildMemberId;
    return (
      <div className="kiwi-guild__notice" role="region" aria-label={t('guilds:chat.invitation')}>
        <p>{t('guilds:chat.invited')}</p>
        <button
          type="button"
          className="kiwi-button kiwi-button--primary"
          disabled={busy}
          onClick={() => run(() => api.put(guildApi.accept(guild.id, memberId)), t('guilds:chat.accepted'))}
        >
          {t('guilds:chat.accept')}
        </button>
        <button
          type="button"
          className="kiwi-button"
          disabled={busy}
          onClick={() => run(() => api.delete(guildApi.member(guild.id, memberId)), t('guilds:chat.declined'))}
        >
          {t('guilds:chat.decline')}
        </button>
      </div>
    );
  }
  if (guild.publicRange !== 'public') return null;
  return (
    <div className="kiwi-guild__notice">
      <p>{t('guilds:chat.notJoined')}</p>
      <button
        type="button"
        className="kiwi-button kiwi-button--primary"
        disabled={busy}
        onClick={() => run(() => api.post(guildApi.join(guild.id)), t('guilds:chat.joined'))}
      >
        {t('guilds:chat.join')}
      </button>
    </div>
  );
}
