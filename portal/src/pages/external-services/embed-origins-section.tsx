import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import type { DecodedDocument } from '@kiwi/shared/api/jsonapi';
import { EMBED_ORIGINS_MAX, EmbedOriginSchema } from '@kiwi/shared/schemas/embed-origins';
import { useToast } from '@kiwi/shared/ui/toast';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';
import { Empty } from '../organization/page-states';
import { RowAction } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { fieldMessage } from '../use-schema-form';
import { FormFailure } from '../text-field';
import { ServiceSection } from './service-section';

type EmbedOrigin = { id: string; origin: string; createdAt: string };
const OriginFormSchema = z.object({ origin: EmbedOriginSchema });

/**
 * The origins whose pages may embed the widgets (issue 8): CORS on /api answers only these. Adding and removing each
 * change one origin on the server (POST one origin, DELETE one by id), never the whole list, so two managers saving
 * at the same moment keep both changes; each answers the whole list as saved, which the page then shows. An origin
 * is checked here with the API's own schema, then by the API.
 */
export function EmbedOriginsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation(['coins', 'errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const confirmed = useConfirmedAction();
  const queryClient = useQueryClient();
  const id = useId();
  const path = `/organizations/${organizationId}/embed_origins`;
  const queryKey = ['embed-origins', organizationId];
  const load = () => api.get<EmbedOrigin[]>(path);
  const list = useQuery({ queryKey, queryFn: load });
  const items = list.data?.data ?? [];
  const origins = items.map((item) => item.origin);
  // A change answers with the whole list as saved (other managers' changes included): the page shows that.
  const show = (answer: DecodedDocument<EmbedOrigin[]>) => queryClient.setQueryData(queryKey, answer);
  const errorId = `${id}-error`;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<{ origin: string }>({ resolver: zodResolver(OriginFormSchema), defaultValues: { origin: '' } });
  const alreadyAdded = () => setError('origin', { type: 'server', message: t('coins:externalServices.embedOrigins.alreadyAdded') });
  const add = useMutation({
    mutationFn: (origin: string) => api.post<EmbedOrigin[]>(path, { embed_origin: origin }),
    onSuccess: (answer) => {
      show(answer);
      // Another manager registered it since this page loaded its list: nothing was added.
      if (answer.meta?.added === false) return alreadyAdded();
      reset();
      showToast(t('coins:externalServices.embedOrigins.added'), 'success');
    },
    onError: (error) => {
      // The origin's error (not an origin, the list is full) goes under the field; anything else above.
      const mine = fieldErrors(t, error).embed_origin;
      if (mine && error instanceof HttpResponseError && error.errors.length === 1) setError('origin', { type: 'server', message: mine });
    },
  });
  const onSubmit = handleSubmit(({ origin }) => {
    add.reset();
    // What the list shown already refuses needs no call; the server judges again against its list of now.
    if (origins.includes(origin)) return alreadyAdded();
    if (origins.length >= EMBED_ORIGINS_MAX)
      return setError('origin', { type: 'server', message: t('errors:validation.tooManyItems', { count: EMBED_ORIGINS_MAX }) });
    add.mutate(origin);
  });
  const fieldError = fieldMessage(t, errors.origin);
  const failure = add.isError && !errors.origin ? apiErrorMessage(t, add.error) : null;

  const remove = ({ id: originId, origin }: EmbedOrigin) =>
    confirmed({
      title: t('coins:externalServices.embedOrigins.removeTitle', { origin }),
      body: t('coins:externalServices.embedOrigins.removeBody'),
      okLabel: t('coins:externalServices.embedOrigins.remove'),
      action: async () => {
        try {
          show(await api.delete<EmbedOrigin[]>(`${path}/${originId}`));
        } catch (error) {
          if (!(error instanceof HttpResponseError && error.status === 404)) throw error;
          // 404: another manager removed it meanwhile. Done, if the list of now no longer has it (re-added since, it
          // has a new id: the refusal is shown with the list of now).
          const now = await queryClient.fetchQuery({ queryKey, queryFn: load, staleTime: 0 });
          if (now.data.some((other) => other.origin === origin)) throw error;
        }
      },
      done: t('coins:externalServices.embedOrigins.removed'),
    });

  return (
    <ServiceSection
      title={t('coins:externalServices.embedOrigins.title')}
      help={t('coins:externalServices.embedOrigins.help')}
      query={list}
    >
      {origins.length === 0 ? (
        <Empty text={t('coins:externalServices.embedOrigins.none')} />
      ) : (
        <ul className="external-services__origins" aria-label={t('coins:externalServices.embedOrigins.listLabel')}>
          {items.map((item) => (
            <li key={item.id}>
              <code>{item.origin}</code>
              <RowAction label={t('coins:externalServices.embedOrigins.remove')} subject={item.origin} onClick={() => remove(item)} />
            </li>
          ))}
        </ul>
      )}
      <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={add.isPending}>
        <FormFailure message={failure} />
        <div className="field">
          <label htmlFor={`${id}-origin`}>{t('coins:externalServices.embedOrigins.newOrigin')}</label>
          <input
            id={`${id}-origin`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://intranet.example.com"
            {...register('origin')}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
          {fieldError && (
            <p className="field__error" id={errorId}>
              {fieldError}
            </p>
          )}
        </div>
        <div className="org-form__actions">
          <span className="external-services__count">
            {t('coins:externalServices.embedOrigins.count', { count: origins.length, max: EMBED_ORIGINS_MAX })}
          </span>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={add.isPending}>
            {t('coins:externalServices.embedOrigins.add')}
          </button>
        </div>
      </form>
    </ServiceSection>
  );
}
