import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { ListTable, RowAction } from '../organization/list-table';
import { LoadFailed, Loading } from '../organization/page-states';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { Field } from '../labelled-field';
import { FormFailure } from '../text-field';
import { useSchemaForm } from '../use-schema-form';
import { EmbedOriginsSection } from './embed-origins-section';
import { ServiceSection } from './service-section';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { CreateSlackWebhookSchema, SlackCredentialsSchema } from '@kiwi/shared/schemas/slack-settings';
import '../organization/organization.css';
import './external-services.css';

type Webhook = { id: string; url: string; language: 'ja' | 'en' };
type Delivery = { id: string; topic: string; attempts: number; lastError: string | null; createdAt: string };
type Credentials = { configured: boolean; teamId: string | null; updatedAt: string | null };
const WebhookFormSchema = CreateSlackWebhookSchema.shape.slack_webhook;
const CredentialsFormSchema = SlackCredentialsSchema.shape.slack_credential;

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
  const base = `/organizations/${organizationId}/slack_webhooks`;
  const setting = useQuery({
    queryKey: ['slack-webhook', organizationId],
    queryFn: () => api.get<Webhook | null>(`${base}/current_setting`),
  });
  const current = setting.data?.data ?? null;
  const { form, register, onSubmit, busy, failure, message } = useSchemaForm({
    schema: WebhookFormSchema,
    defaultValues: { url: '', language: 'ja' },
    send: (slack_webhook) => (current ? api.put(base, { slack_webhook }) : api.post(base, { slack_webhook })),
    onSaved: () => {
      showToast(t('coins:externalServices.saved'), 'success');
      return queryClient.invalidateQueries({ queryKey: ['slack-webhook', organizationId] });
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (current) reset({ url: current.url, language: current.language });
  }, [current, reset]);

  const sendTest = useMutation({
    mutationFn: () => api.post(`${base}/test_message`),
    onSuccess: () => showToast(t('coins:externalServices.testQueued'), 'success'),
    onError: (error) => showToast(apiErrorMessage(t, error), 'error'),
  });

  return (
    <ServiceSection title={t('coins:externalServices.webhook')} help={t('coins:externalServices.webhookHelp')} query={setting}>
      <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {!current && <p>{t('coins:externalServices.notSet')}</p>}
        <FormFailure message={failure} />
        <Field label={t('coins:externalServices.url')} error={message('url')}>
          {(props) => <input {...props} type="url" placeholder="https://hooks.slack.com/services/..." {...register('url')} />}
        </Field>
        <Field label={t('coins:externalServices.language')} error={message('language')}>
          {(props) => (
            <select {...props} {...register('language')}>
              <option value="ja">{t('coins:externalServices.languages.ja')}</option>
              <option value="en">{t('coins:externalServices.languages.en')}</option>
            </select>
          )}
        </Field>
        <div className="org-form__actions">
          <button type="button" className="kiwi-button" onClick={() => sendTest.mutate()} disabled={!current || sendTest.isPending}>
            {t('coins:externalServices.testMessage')}
          </button>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
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
  const path = `/organizations/${organizationId}/slack_credentials`;
  const credentials = useQuery({ queryKey: ['slack-credentials', organizationId], queryFn: () => api.get<Credentials>(path) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['slack-credentials', organizationId] });
  const { register, onSubmit, busy, failure, message } = useSchemaForm({
    schema: CredentialsFormSchema,
    defaultValues: { team_id: '', signing_secret: '', bot_token: '' },
    send: (slack_credential) => api.put(path, { slack_credential }),
    onSaved: (_result, { team_id }, form) => {
      form.reset({ team_id, signing_secret: '', bot_token: '' });
      showToast(t('coins:externalServices.saved'), 'success');
      return refresh();
    },
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
      <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormFailure message={failure} />
        <Field label={t('coins:externalServices.teamId')} error={message('team_id')}>
          {(props) => <input {...props} autoComplete="off" {...register('team_id')} />}
        </Field>
        <Field label={t('coins:externalServices.signingSecret')} error={message('signing_secret')}>
          {(props) => <input {...props} type="password" autoComplete="off" {...register('signing_secret')} />}
        </Field>
        <Field label={t('coins:externalServices.botToken')} error={message('bot_token')}>
          {(props) => <input {...props} type="password" autoComplete="off" {...register('bot_token')} />}
        </Field>
        <div className="org-form__actions">
          {data?.configured && (
            <button type="button" className="kiwi-button" onClick={unlink}>
              {t('coins:externalServices.removeCredentials')}
            </button>
          )}
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
            {t('coins:externalServices.saveCredentials')}
          </button>
        </div>
      </form>
    </ServiceSection>
  );
}
