import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { ListTable, RowAction } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { useFormSubmit } from '../organization/use-form-submit';
import { FormFailure } from '../text-field';
import { EmbedOriginsSection } from './embed-origins-section';
import { ServiceSection } from './service-section';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import '../organization/organization.css';
import './external-services.css';

type Webhook = { id: string; url: string; language: 'ja' | 'en' };
type Delivery = { id: string; topic: string; attempts: number; lastError: string | null; createdAt: string };
type Credentials = { configured: boolean; teamId: string | null; updatedAt: string | null };

/**
 * /org/:identifier/external_services: the Slack webhook (test message), failed deliveries with "retry", the Slack app,
 * and the origins allowed to embed the widgets.
 */
export function ExternalServicesPage() {
  const { t } = useTranslation('coins');
  const { organization, loaded, reload } = useOrganization();
  if (!loaded) return <Loading />;
  if (!organization) return <LoadFailed onRetry={reload} />;
  return (
    <div className="org-page external-services">
      <header className="org-page__header">
        <h1>{t('externalServices.title')}</h1>
      </header>
      <WebhookSection organizationId={organization.id} />
      <DeliveriesSection organizationId={organization.id} />
      <SlackAppSection organizationId={organization.id} />
      <EmbedOriginsSection organizationId={organization.id} />
    </div>
  );
}

function WebhookSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const base = `/organizations/${organizationId}/slack_webhooks`;
  const setting = useQuery({
    queryKey: ['slack-webhook', organizationId],
    queryFn: () => api.get<Webhook | null>(`${base}/current_setting`),
  });
  const [url, setUrl] = useState('');
  const [language, setLanguage] = useState<'ja' | 'en'>('ja');
  const [testing, setTesting] = useState(false);
  const { submitting: saving, errors, failure, submit } = useFormSubmit();
  const current = setting.data?.data ?? null;
  useEffect(() => {
    if (current) {
      setUrl(current.url);
      setLanguage(current.language);
    }
  }, [current]);

  const save = submit(async () => {
    const body = { slack_webhook: { url, language } };
    if (current) await api.put(base, body);
    else await api.post(base, body);
    showToast(t('coins:externalServices.saved'), 'success');
    await queryClient.invalidateQueries({ queryKey: ['slack-webhook', organizationId] });
  });

  const sendTest = async () => {
    setTesting(true);
    try {
      await api.post(`${base}/test_message`);
      showToast(t('coins:externalServices.testQueued'), 'success');
    } catch (error) {
      showToast(apiErrorMessage(t, error), 'error');
    } finally {
      setTesting(false);
    }
  };

  return (
    <ServiceSection title={t('coins:externalServices.webhook')} help={t('coins:externalServices.webhookHelp')} query={setting}>
      <form className="org-form" onSubmit={(event) => void save(event)} noValidate aria-busy={saving}>
        {!current && <p>{t('coins:externalServices.notSet')}</p>}
        <FormFailure message={failure} />
        <div className="field">
          <label htmlFor={`${id}-url`}>{t('coins:externalServices.url')}</label>
          <input
            id={`${id}-url`}
            type="url"
            value={url}
            placeholder="https://hooks.slack.com/services/..."
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={errors.url ? true : undefined}
          />
          {errors.url && <p className="field__error">{errors.url}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('coins:externalServices.language')}</label>
          <select id={`${id}-language`} value={language} onChange={(event) => setLanguage(event.target.value === 'en' ? 'en' : 'ja')}>
            <option value="ja">{t('coins:externalServices.languages.ja')}</option>
            <option value="en">{t('coins:externalServices.languages.en')}</option>
          </select>
        </div>
        <div className="org-form__actions">
          <button type="button" className="button" onClick={() => void sendTest()} disabled={!current || testing}>
            {t('coins:externalServices.testMessage')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {t('coins:externalServices.save')}
          </button>
        </div>
      </form>
    </ServiceSection>
  );
}

function DeliveriesSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['slack-deliveries', organizationId],
    queryFn: () => api.get<Delivery[]>(`/organizations/${organizationId}/slack_deliveries`, { status: 'dead', per: 50 }),
  });
  const retry = async (delivery: Delivery) => {
    try {
      await api.post(`/organizations/${organizationId}/slack_deliveries/${delivery.id}/retry`);
      showToast(t('coins:externalServices.retried'), 'success');
    } catch (error) {
      showToast(apiErrorMessage(t, error), 'error');
    }
    await queryClient.invalidateQueries({ queryKey: ['slack-deliveries', organizationId] });
  };
  const topic = (name: string) => t(`coins:externalServices.topics.${name}`, { defaultValue: name });

  return (
    <ServiceSection title={t('coins:externalServices.deliveries')} help={t('coins:externalServices.deliveriesHelp')}>
      <ListTable
        query={deliveries}
        caption={t('coins:externalServices.deliveries')}
        empty={t('coins:externalServices.noDeliveries')}
        headers={[
          t('coins:externalServices.columns.topic'),
          t('coins:externalServices.columns.createdAt'),
          t('coins:externalServices.columns.attempts'),
          t('coins:externalServices.columns.lastError'),
          t('coins:externalServices.columns.actions'),
        ]}
        rows={(items) =>
          items.map((delivery) => (
            <tr key={delivery.id}>
              <td>{topic(delivery.topic)}</td>
              <td>{formatDateTime(delivery.createdAt, i18n.language)}</td>
              <td>{delivery.attempts}</td>
              <td className="external-services__error">{delivery.lastError}</td>
              <td>
                <RowAction label={t('coins:externalServices.retry')} subject={topic(delivery.topic)} onClick={() => void retry(delivery)} />
              </td>
            </tr>
          ))
        }
      />
    </ServiceSection>
  );
}

function SlackAppSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const confirmed = useConfirmedAction();
  const queryClient = useQueryClient();
  const id = useId();
  const path = `/organizations/${organizationId}/slack_credentials`;
  const credentials = useQuery({ queryKey: ['slack-credentials', organizationId], queryFn: () => api.get<Credentials>(path) });
  const [teamId, setTeamId] = useState('');
  const [signingSecret, setSigningSecret] = useState('');
  const [botToken, setBotToken] = useState('');
  const { submitting: saving, errors, failure, submit } = useFormSubmit();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['slack-credentials', organizationId] });

  const save = submit(async () => {
    await api.put(path, { slack_credential: { team_id: teamId, signing_secret: signingSecret, bot_token: botToken } });
    setSigningSecret('');
    setBotToken('');
    showToast(t('coins:externalServices.saved'), 'success');
    await refresh();
  });

  const unlink = () =>
    confirmed({
      title: t('coins:externalServices.removeTitle'),
      body: t('coins:externalServices.removeBody'),
      okLabel: t('coins:externalServices.removeCredentials'),
      action: () => api.delete(path),
      done: t('coins:externalServices.removed'),
      afterDone: refresh,
    });

  const data = credentials.data?.data;
  return (
    <ServiceSection title={t('coins:externalServices.app')} help={t('coins:externalServices.appHelp')} query={credentials}>
      <p role="status">
        {data?.configured
          ? t('coins:externalServices.appConfigured', { teamId: data.teamId })
          : t('coins:externalServices.appNotConfigured')}
      </p>
      <form className="org-form" onSubmit={(event) => void save(event)} noValidate aria-busy={saving}>
        <FormFailure message={failure} />
        <div className="field">
          <label htmlFor={`${id}-team`}>{t('coins:externalServices.teamId')}</label>
          <input
            id={`${id}-team`}
            value={teamId}
            onChange={(event) => setTeamId(event.target.value)}
            autoComplete="off"
            aria-invalid={errors.team_id ? true : undefined}
          />
          {errors.team_id && <p className="field__error">{errors.team_id}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-secret`}>{t('coins:externalServices.signingSecret')}</label>
          <input
            id={`${id}-secret`}
            type="password"
            value={signingSecret}
            onChange={(event) => setSigningSecret(event.target.value)}
            autoComplete="off"
            aria-invalid={errors.signing_secret ? true : undefined}
          />
          {errors.signing_secret && <p className="field__error">{errors.signing_secret}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-token`}>{t('coins:externalServices.botToken')}</label>
          <input
            id={`${id}-token`}
            type="password"
            value={botToken}
            onChange={(event) => setBotToken(event.target.value)}
            autoComplete="off"
            aria-invalid={errors.bot_token ? true : undefined}
          />
          {errors.bot_token && <p className="field__error">{errors.bot_token}</p>}
        </div>
        <div className="org-form__actions">
          {data?.configured && (
            <button type="button" className="button" onClick={unlink}>
              {t('coins:externalServices.removeCredentials')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={saving}>
            {t('coins:externalServices.saveCredentials')}
          </button>
        </div>
      </form>
    </ServiceSection>
  );
}
