import { useFeatureContext } from '@kiwi/shared/features/feature-context';
import { formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
import { GIFT_TYPES, GiftListQuerySchema } from '@kiwi/shared/schemas/rewards';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../session/session-provider';
import { ListTable, RowAction } from '../organization/list-table';
import { useConfirmedAction } from '../organization/use-confirmed-action';
import { useFilterForm } from '../use-filter-form';
import { Field } from '../labelled-field';
import { GiftFormDialog } from './gift-form-dialog';
import type { Gift } from './gift-form-schema';
import { useAllGiftCategories } from './use-all-gift-categories';
import { useGiftsAdminTranslation } from './use-gifts-admin-translation';
import '../organization/organization.css';
import './admin-rewards.css';
import { StatusBadge } from '../../layout/status-badge';

const PER = 20;
/** The filters as the query names them: the API's schema puts an issue under its field. */
type Filters = { gift_type: string; category_id: string; disabled: string; q: string };
const NO_FILTERS: Filters = { gift_type: '', category_id: '', disabled: '', q: '' };
const Q_MAX = 100;
/** The filters as the API's query: blank ones left out, the search trimmed. */
const queryOf = (filters: Filters) => ({
  ...(filters.gift_type ? { gift_type: filters.gift_type } : {}),
  ...(filters.category_id ? { category_id: filters.category_id } : {}),
  ...(filters.disabled ? { disabled: filters.disabled } : {}),
  ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
});

/** /_admin/gifts (issue 18 point 1): the platform's catalogue, filtered and paged; add, edit, disable or enable a gift. */
export function AdminGiftsPage() {
  const { t, i18n } = useGiftsAdminTranslation(['organization']);
  const { api } = useSession();
  const { resolveUrl } = useFeatureContext();
  const queryClient = useQueryClient();
  const confirmed = useConfirmedAction();
  const id = useId();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editing, setEditing] = useState<Gift | 'new' | null>(null);
  const categories = useAllGiftCategories();
  const gifts = useQuery({
    queryKey: ['gifts', 'admin', filters, page],
    queryFn: () => api.get<Gift[]>('/gifts', { page, per: PER, ...queryOf(filters) }),
  });
  // The search is applied with its button; a type, category or state as soon as it is chosen.
  const { register, errors, onSubmit, form } = useFilterForm<Filters>({
    applied: filters,
    schema: GiftListQuerySchema,
    toQuery: queryOf,
    onApply: (next) => {
      setFilters(next);
      setPage(1);
    },
  });
  const applyNow = { onChange: () => void onSubmit() };
  const categoryId = form.watch('category_id');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['gifts'] });
    void queryClient.invalidateQueries({ queryKey: ['gift-categories'] });
  };
  const toggle = (gift: Gift) => {
    const enable = gift.disabled;
    confirmed({
      title: t(enable ? 'gifts-admin:gifts.enableTitle' : 'gifts-admin:gifts.disableTitle'),
      body: t(enable ? 'gifts-admin:gifts.enableBody' : 'gifts-admin:gifts.disableBody', { name: gift.name }),
      okLabel: t(enable ? 'gifts-admin:gifts.enable' : 'gifts-admin:gifts.disable'),
      action: () => api.put(`/gifts/${gift.id}`, { gift: { disabled: !enable } }),
      done: t(enable ? 'gifts-admin:gifts.enabledDone' : 'gifts-admin:gifts.disabledDone'),
      afterDone: refresh,
    });
  };
  const period = (gift: Gift) =>
    gift.activeFrom || gift.activeTo
      ? t('gifts-admin:gifts.period', {
          from: gift.activeFrom ? formatDateTime(gift.activeFrom, i18n.language) : t('gifts-admin:gifts.open'),
          to: gift.activeTo ? formatDateTime(gift.activeTo, i18n.language) : t('gifts-admin:gifts.open'),
        })
      : t('gifts-admin:gifts.always');
  const stock = (gift: Gift) =>
    gift.giftType === 'weekly_gacha'
      ? t('gifts-admin:gifts.perWeek')
      : gift.stock === null
        ? t('gifts-admin:gifts.unlimited')
        : formatNumber(gift.stock, i18n.language);

  return (
    <div className="org-page gifts-admin">
      <header className="org-page__header">
        <h1>{t('gifts-admin:gifts.title')}</h1>
        <div className="org-page__actions">
          <Link className="kiwi-button" to="/_admin/gifts/draws">
            {t('gifts-admin:gifts.drawsLink')}
          </Link>
          <Link className="kiwi-button" to="/_admin/gift_categories">
            {t('gifts-admin:gifts.categoriesLink')}
          </Link>
          <button type="button" className="kiwi-button kiwi-button--primary" onClick={() => setEditing('new')}>
            {t('gifts-admin:gifts.create')}
          </button>
        </div>
      </header>
      <form className="org-filters" role="search" aria-label={t('gifts-admin:gifts.filters')} onSubmit={onSubmit} noValidate>
        <Field label={t('gifts-admin:gifts.search')} error={errors.q && t('errors:validation.tooLong', { count: Q_MAX })}>
          {(field) => <input {...field} type="search" maxLength={Q_MAX} {...register('q')} />}
        </Field>
        <button type="submit" className="kiwi-button">
          {t('gifts-admin:gifts.searchButton')}
        </button>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('gifts-admin:gifts.filterType')}</label>
          <select id={`${id}-type`} {...register('gift_type', applyNow)}>
            <option value="">{t('gifts-admin:gifts.all')}</option>
            {GIFT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`gifts-admin:types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>{t('gifts-admin:gifts.filterCategory')}</label>
          {/* Shown as the draft holds it: the categories' options arrive after the field. */}
          <select id={`${id}-category`} {...register('category_id', applyNow)} value={categoryId}>
            <option value="">{t('gifts-admin:gifts.all')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-state`}>{t('gifts-admin:gifts.filterState')}</label>
          <select id={`${id}-state`} {...register('disabled', applyNow)}>
            <option value="">{t('gifts-admin:gifts.all')}</option>
            <option value="false">{t('gifts-admin:gifts.enabledOnly')}</option>
            <option value="true">{t('gifts-admin:gifts.disabledOnly')}</option>
          </select>
        </div>
      </form>
      <ListTable
        query={gifts}
        caption={t('gifts-admin:gifts.caption')}
        empty={t('gifts-admin:gifts.empty')}
        summary={(document) => <p>{t('gifts-admin:gifts.count', { count: Number(document.meta?.totalCount ?? 0) })}</p>}
        headers={[
          t('gifts-admin:gifts.columns.name'),
          t('gifts-admin:gifts.columns.type'),
          t('gifts-admin:gifts.columns.category'),
          t('gifts-admin:gifts.columns.coins'),
          t('gifts-admin:gifts.columns.stock'),
          t('gifts-admin:gifts.columns.period'),
          t('gifts-admin:gifts.columns.state'),
          t('organization:common.actions'),
        ]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((gift) => (
            <tr key={gift.id}>
              <td>
                <div className="gifts-admin__name">
                  {gift.thumbnailUrl ? <img className="gifts-admin__thumbnail" src={resolveUrl(gift.thumbnailUrl)} alt="" /> : null}
                  <span>{gift.name}</span>
                </div>
              </td>
              <td>
                {t(`gifts-admin:types.${gift.giftType}`)}
                {gift.weeklyGachaCalculationType ? ` (${t(`gifts-admin:tiers.${gift.weeklyGachaCalculationType}`)})` : ''}
              </td>
              <td>{gift.categoryName ?? t('gifts-admin:gifts.noCategory')}</td>
              <td>{formatNumber(gift.needCoins, i18n.language)}</td>
              <td>{stock(gift)}</td>
              <td>{period(gift)}</td>
              <td>
                <StatusBadge status={gift.disabled ? 'disabled' : 'enabled'}>
                  {gift.disabled ? t('gifts-admin:gifts.disabled') : t('gifts-admin:gifts.enabled')}
                </StatusBadge>
              </td>
              <td>
                <div className="card-table__actions">
                  <RowAction label={t('organization:common.edit')} subject={gift.name} onClick={() => setEditing(gift)} />
                  <RowAction
                    label={gift.disabled ? t('gifts-admin:gifts.enable') : t('gifts-admin:gifts.disable')}
                    subject={gift.name}
                    onClick={() => toggle(gift)}
                  />
                </div>
              </td>
            </tr>
          ))
        }
      />
      {editing && (
        <GiftFormDialog
          gift={editing === 'new' ? null : editing}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </div>
  );
}
