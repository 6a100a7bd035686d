import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateNewsSchema, type CreateNews, UpdateNewsSchema, type UpdateNews } from '@kiwi/shared/schemas/news';
import { useToast } from '@kiwi/shared/ui/toast';
import { useOrganization } from '../../organization/organization-context';
import { useSession } from '../../session/session-provider';
import { FormDialog } from './form-dialog';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { DATETIME_INPUT_RANGE } from './member-types';
import { ListTable, RowAction } from './list-table';
import { LoadFailed, Loading } from './page-states';
import { useConfirmedAction } from './use-confirmed-action';
import { useSchemaForm } from '../use-schema-form';
import { DateField } from '@kiwi/shared/forms/date-field';
import { fieldErrorParts } from '../field-error-parts';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import './organization.css';
import { StatusBadge } from '../../layout/status-badge';

type News = { id: string; title: string; body: string; publishedAt: string | null; sent: boolean; draft?: boolean };
/** Issue 21: saving offers a draft, a scheduled time or publishing now (no longer publishing at once). */
type Publication = 'draft' | 'schedule' | 'now';
/** The dialog's fields: the picked time as the picker gives it (local), and how to publish. */
type NewsFormValues = { title: string; body: string; published_at: string; publication: Publication };

/** SPEC §2 /org/{identifier}/news: news with scheduled publication; publishedAt is frozen once sent (§4). */
export function NewsPage() {
  const { t, i18n } = useTranslation('organization');
  const { api } = useSession();
  const { organization, loaded } = useOrganization();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<News | 'new' | null>(null);
  const organizationId = organization?.id;
  const news = useQuery({
    queryKey: ['organization', organizationId, 'news', page],
    queryFn: () => api.get<News[]>(`/organizations/${organizationId}/news`, { page, per: 20 }),
    enabled: organizationId !== undefined,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['organization', organizationId, 'news'] });

  if (!loaded) return <Loading />;
  if (!organizationId) return <LoadFailed onRetry={() => window.location.reload()} />;

  const remove = (item: News) =>
    confirmed({
      title: t('news.deleteTitle'),
      body: t('news.deleteBody', { title: item.title }),
      okLabel: t('common.delete'),
      action: () => api.delete(`/organizations/${organizationId}/news/${item.id}`),
      done: t('common.deleted'),
      afterDone: refresh,
    });

  return (
    <div className="org-page">
      <header className="org-page__header">
        <h1>{t('news.title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
          {t('news.create')}
        </button>
      </header>
      <ListTable
        query={news}
        caption={t('news.title')}
        empty={t('news.empty')}
        headers={[t('news.titleField'), t('news.publishedAt'), t('common.actions')]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((item) => (
            <tr key={item.id}>
              <td>{item.title}</td>
              <td>
                {item.publishedAt === null ? (
                  <StatusBadge status="pending">{t('news.draftBadge')}</StatusBadge>
                ) : (
                  <>
                    {formatDateTime(item.publishedAt, i18n.language)}{' '}
                    <StatusBadge status={item.sent ? 'sent' : 'scheduled'}>{item.sent ? t('news.sent') : t('news.scheduled')}</StatusBadge>
                  </>
                )}
              </td>
              <td>
                <div className="card-table__actions">
                  <RowAction label={t('common.edit')} subject={item.title} onClick={() => setEditing(item)} />
                  <RowAction label={t('common.delete')} subject={item.title} onClick={() => remove(item)} />
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <NewsFormDialog
          organizationId={organizationId}
          news={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </div>
  );
}

function NewsFormDialog({
  organizationId,
  news,
  onClose,
  onSaved,
}: {
  organizationId: string;
  news: News | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const { showToast } = useToast();
  const id = useId();
  const locked = news?.sent ?? false;
  const { register, onSubmit, busy, failure, message, form } = useSchemaForm<NewsFormValues, CreateNews | UpdateNews>({
    schema: news ? UpdateNewsSchema.shape.news : CreateNewsSchema.shape.news,
    defaultValues: {
      title: news?.title ?? '',
      body: news?.body ?? '',
      published_at: toLocalInput(news?.publishedAt ?? new Date().toISOString()),
      publication: news && news.publishedAt !== null ? 'schedule' : 'draft',
    },
    // The publication choice becomes published_at: null (a draft), now, or the picked time ('' when none is picked:
    // the schema says its format is wrong). News already sent keeps its time (not sent).
    toPayload: ({ title, body, publication, published_at }) => ({
      title,
      body,
      ...(locked
        ? {}
        : { published_at: { draft: null, now: new Date().toISOString(), schedule: fromLocalInput(published_at) ?? '' }[publication] }),
    }),
    send: (payload) =>
      news
        ? api.put(`/organizations/${organizationId}/news/${news.id}`, { news: payload })
        : api.post(`/organizations/${organizationId}/news`, { news: payload }),
    onSaved: () => {
      showToast(t('common.saved'), 'success');
      onSaved();
      onClose();
    },
  });
  const publication = form.watch('publication');
  const { errorProps, fieldError } = fieldErrorParts<'title' | 'body' | 'published_at'>(id, message);

  return (
    <FormDialog
      title={news ? t('news.editTitle') : t('news.createTitle')}
      submitting={busy}
      failure={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-title-input`}>{t('news.titleField')}</label>
        <input id={`${id}-title-input`} {...errorProps('title')} {...register('title')} />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>{t('news.body')}</label>
        <textarea id={`${id}-body`} {...errorProps('body')} {...register('body')} />
        {fieldError('body')}
      </div>
      {!locked && (
        <fieldset className="field">
          <legend>{t('news.publication')}</legend>
          {(['draft', 'schedule', 'now'] as const).map((value) => (
            <label key={value}>
              <input type="radio" value={value} {...register('publication')} /> {t(value === 'now' ? 'news.publishNow' : `news.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field" hidden={!locked && publication !== 'schedule'}>
        <label htmlFor={`${id}-published`}>{t('news.publishedAt')}</label>
        <DateField
          id={`${id}-published`}
          kind="datetime-local"
          {...DATETIME_INPUT_RANGE}
          disabled={locked}
          {...errorProps('published_at')}
          {...(locked ? { 'aria-describedby': `${id}-locked` } : {})}
          form={form}
          name="published_at"
        />
        {locked && <p id={`${id}-locked`}>{t('news.publishedAtLocked')}</p>}
        {fieldError('published_at')}
      </div>
    </FormDialog>
  );
}
