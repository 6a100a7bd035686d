import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@kiwi/shared/i18n/format';
import { useSession } from '../../session/session-provider';
import { useConfirmedAction } from './use-confirmed-action';
import './join-code-panel.css';

type JoinCode = { id: string; code: string; rotatedAt: string };

/**
 * Issue 16: a consumer-plan organisation's join code on the members page. Managers read it out or hand it on; changing
 * it (after the shared confirmation) retires the old one at once.
 */
export function JoinCodePanel({ organizationId }: { organizationId: string | number }) {
  const { t, i18n } = useTranslation('signup');
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const queryKey = ['organization', organizationId, 'join-code'];
  const joinCode = useQuery({ queryKey, queryFn: () => api.get<JoinCode>(`/organizations/${organizationId}/join_code`) });
  const code = joinCode.data?.data;

  const rotate = () =>
    confirmed({
      title: t('joinCode.rotateTitle'),
      body: t('joinCode.rotateBody', { code: code?.code ?? '' }),
      okLabel: t('joinCode.rotateOk'),
      action: () => api.post(`/organizations/${organizationId}/join_code/rotation`),
      done: t('joinCode.rotated'),
      afterDone: () => queryClient.invalidateQueries({ queryKey }),
    });

  return (
    <section className="join-code" aria-labelledby="join-code-title">
      <h2 id="join-code-title">{t('joinCode.title')}</h2>
      {joinCode.isPending && <p role="status">{t('joinCode.loading')}</p>}
      {joinCode.isError && (
        <p role="alert" className="alert alert--error">
          {t('joinCode.failed')}{' '}
          <button type="button" className="kiwi-button kiwi-button--text" onClick={() => void joinCode.refetch()}>
            {t('joinCode.retry')}
          </button>
        </p>
      )}
      {code && (
        <>
          <p className="join-code__code" data-testid="join-code">
            {code.code}
          </p>
          <p>{t('joinCode.intro', { url: `${window.location.origin}/user/sign_up` })}</p>
          <p className="field__hint">{t('joinCode.rotatedAt', { date: formatDate(code.rotatedAt, i18n.language) })}</p>
          <button type="button" className="kiwi-button" onClick={rotate}>
            {t('joinCode.rotate')}
          </button>
        </>
      )}
    </section>
  );
}
