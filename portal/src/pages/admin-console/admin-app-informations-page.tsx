import { appInformationIconGlyph } from '@kiwi/shared/domain/app-information-icons';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import en from '../../../../locales/en/app-informations.json' with { type: 'json' };
import ja from '../../../../locales/ja/app-informations.json' with { type: 'json' };
import { usePageNamespace } from '@kiwi/shared/i18n/use-page-namespace';
import { useSession } from '../../session/session-provider';
import { ListTable, RowAction } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { AppInformationFormDialog } from './app-information-form-dialog';
import type { AppInformation } from './app-information-form-schema';
import '../organization/organization.css';
import './app-informations.css';
import { StatusBadge } from '../../layout/status-badge';

const PER = 20;
/**
 * /_admin/app_informations (issue 20 point 5): the platform's notices to every member, newest publication first;
 * create, edit (the publication time only while scheduled: SPEC §4), delete a scheduled one or unpublish a published
 * one, each after the confirmation dialog.
 */
export function AppInformationsPage() {
  const { t, i18n } = usePageNamespace('app-informations', { ja, en }, ['organization', 'errors']);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AppInformation | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['app-informations', page],
    queryFn: () => api.get<AppInformation[]>('/app_informations', { page, per: PER }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['app-informations'] });

  const remove = (item: AppInformation) => {
    const unpublish = item.state === 'published';
    confirmed({
      title: t(unpublish ? 'app-informations:unpublishTitle' : 'app-informations:deleteTitle'),
      body: t(unpublish ? 'app-informations:unpublishBody' : 'app-informations:deleteBody', { title: item.title }),
      okLabel: t(unpublish ? 'app-informations:unpublish' : 'app-informations:delete'),
      action: () => api.delete(`/app_informations/${item.id}`),
      done: t(unpublish ? 'app-informations:unpublished' : 'app-informations:deleted'),
      afterDone: refresh,
    });
  };

  return (
    <div className="org-page app-infos">
      <header className="org-page__header">
        <h1>{t('app-informations:title')}</h1>
        <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
          {t('app-informations:create')}
        </button>
      </header>
      <p className="app-infos__intro">{t('app-informations:intro')}</p>
      <ListTable
        query={list}
        caption={t('app-informations:title')}
        empty={t('app-informations:empty')}
        headers={[t('app-informations:fields.title'), t('app-informations:fields.publishedAt'), t('app-informations:actions')]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((item) => {
            const glyph = appInformationIconGlyph(item.iconName);
            return (
              <tr key={item.id}>
                <td>
                  <span className="app-infos__title">
                    {glyph && (
                      <span className="app-infos__glyph" aria-hidden="true">
                        {glyph}
                      </span>
                    )}
                    <span>
                      {item.headCopy && <span className="app-infos__head-copy">{item.headCopy}</span>}
                      {item.title}
                    </span>
                  </span>
                </td>
                <td>
                  {formatDateTime(item.publishedAt, i18n.language)}{' '}
                  <StatusBadge status={item.state}>{t(`app-informations:states.${item.state}`)}</StatusBadge>
                </td>
                <td>
                  {item.state !== 'unpublished' && (
                    <div className="card-table__actions">
                      <RowAction label={t('app-informations:edit')} subject={item.title} onClick={() => setEditing(item)} />
                      <RowAction
                        label={t(item.state === 'published' ? 'app-informations:unpublish' : 'app-informations:delete')}
                        subject={item.title}
                        onClick={() => remove(item)}
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })
        }
      />
      {editing && <AppInformationFormDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </div>
  );
}
