import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { EMBED_ORIGINS_MAX, EmbedOriginSchema } from '@kiwi/shared/schemas/embed-origins';
import { useToast } from '@kiwi/shared/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';
import { Empty } from '../organization/page-states';
import { RowAction } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { FormFailure } from '../text-field';
import { ServiceSection } from './service-section';

type EmbedOrigin = { id: string; origin: string; createdAt: string };

/**
 * The origins whose pages may embed the widgets (issue 8): CORS on /api answers only these. Adding and removing each
 * save the whole list at once (PUT); an origin is checked here with the API's own schema, then by the API.
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
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const origins = (list.data?.data ?? []).map((item) => item.origin);
  // A save answers with the whole list as saved: the page shows that, without asking for it again.
  const save = async (next: string[]) => queryClient.setQueryData(queryKey, await api.put<EmbedOrigin[]>(path, { embed_origins: next }));
  // A save replaces the whole list, so it starts from the server's list of now, not from what this page loaded:
  // another manager's change since then must not be undone.
  const latest = async () => (await queryClient.fetchQuery({ queryKey, queryFn: load, staleTime: 0 })).data.map((item) => item.origin);
  const errorId = `${id}-error`;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFailure(null);
    const parsed = EmbedOriginSchema.safeParse(value);
    if (!parsed.success) {
      setFieldError(t(`errors:${parsed.error.issues[0]?.message ?? 'validation.invalidOrigin'}`));
      return;
    }
    // Checked against the list shown (no call when it already says no), then against the server's list of now.
    const refusal = (list: string[]) =>
      list.includes(parsed.data)
        ? t('coins:externalServices.embedOrigins.alreadyAdded')
        : list.length >= EMBED_ORIGINS_MAX
          ? t('errors:validation.tooManyItems', { count: EMBED_ORIGINS_MAX })
          : null;
    const shownRefusal = refusal(origins);
    if (shownRefusal) {
      setFieldError(shownRefusal);
      return;
    }
    let index = origins.length;
    setSaving(true);
    try {
      const current = await latest();
      const currentRefusal = refusal(current);
      if (currentRefusal) {
        setFieldError(currentRefusal);
        return;
      }
      index = current.length;
      await save([...current, parsed.data]);
      setValue('');
      showToast(t('coins:externalServices.embedOrigins.added'), 'success');
    } catch (error) {
      // The new entry's error goes under the field; anything else (another entry, the list, the network) above.
      const fields = fieldErrors(t, error);
      const mine = fields[String(index)] ?? fields.embed_origins;
      if (mine && error instanceof HttpResponseError && error.errors.length === 1) setFieldError(mine);
      else setFailure(apiErrorMessage(t, error));
    } finally {
      setSaving(false);
    }
  };

  const remove = (origin: string) =>
    confirmed({
      title: t('coins:externalServices.embedOrigins.removeTitle', { origin }),
      body: t('coins:externalServices.embedOrigins.removeBody'),
      okLabel: t('coins:externalServices.embedOrigins.remove'),
      action: async () => save((await latest()).filter((other) => other !== origin)),
      done: t('coins:externalServices.embedOrigins.removed'),
    });

  return (
    <ServiceSection title={t('coins:externalServices.embedOrigins.title')} help={t('coins:externalServices.embedOrigins.help')} query={list}>
      {origins.length === 0 ? (
        <Empty text={t('coins:externalServices.embedOrigins.none')} />
      ) : (
        <ul className="external-services__origins" aria-label={t('coins:externalServices.embedOrigins.listLabel')}>
          {origins.map((origin) => (
            <li key={origin}>
              <code>{origin}</code>
              <RowAction label={t('coins:externalServices.embedOrigins.remove')} subject={origin} onClick={() => remove(origin)} />
            </li>
          ))}
        </ul>
      )}
      <form className="org-form" onSubmit={(event) => void add(event)} noValidate aria-busy={saving}>
        <FormFailure message={failure} />
        <div className="field">
          <label htmlFor={`${id}-origin`}>{t('coins:externalServices.embedOrigins.newOrigin')}</label>
          <input
            id={`${id}-origin`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={value}
            placeholder="https://intranet.example.com"
            onChange={(event) => setValue(event.target.value)}
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
          <button type="submit" className="button button--primary" disabled={saving}>
            {t('coins:externalServices.embedOrigins.add')}
          </button>
        </div>
      </form>
    </ServiceSection>
  );
}
