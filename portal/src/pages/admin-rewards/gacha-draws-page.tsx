import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { formatAuthorName, formatDate, formatDateTime, formatNumber } from '@kiwi/shared/i18n/format';
import { GACHA_DRAW_MAX_RANGE_DAYS, GachaDrawListQuerySchema } from '@kiwi/shared/schemas/gift-audit';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { CardTable } from '../../layout/card-table';
import { ListTable } from '../organization/list-table';
import '../organization/organization.css';
import './gacha-draws.css';
import { useGiftAuditTranslation } from './use-gift-audit-translation';
import { useFileDownload } from '../use-file-download';
import { useFilterForm } from '../use-filter-form';
import { DateFilter } from '../date-filter';

type OddsLine = { 'gift-id': string | null; name: string; remaining: number | null; weight: number | null; probability: number };
type Draw = {
  id: string;
  organizationName: string;
  memberName: string;
  gachaType: 'weekly_gacha' | 'dream_gacha';
  randomValue: number;
  odds: OddsLine[];
  giftId: string | null;
  giftName: string | null;
  redemptionId: string | null;
  coinsSpent: number;
  createdAt: string;
};
type Verification = {
  id: string;
  recordedGiftId: string | null;
  recordedGiftName: string | null;
  recomputedGiftId: string | null;
  ticket: number | null;
  totalTickets: number;
  matches: boolean;
  problem: string | null;
  odds: OddsLine[];
};
type Budget = { id: string; organizationName: string; weekStart: string; budget: number; spent: number; remaining: number };
/** The filters as the query names them (the API's schema then puts an issue under its field). */
type Filters = { organization_id: string; gacha_type: string; from: string; to: string };

const EMPTY_FILTERS: Filters = { organization_id: '', gacha_type: '', from: '', to: '' };
/** The filters as the API's query: blank ones left out. */
const queryOf = (filters: Filters) => ({
  organization_id: filters.organization_id || undefined,
  gacha_type: filters.gacha_type || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});
const PER = 20;

const yen = (value: number, language: string) => formatNumber(value, language, { style: 'currency', currency: 'JPY' });
const percent = (value: number, language: string) => formatNumber(value, language, { style: 'percent', maximumFractionDigits: 4 });

/** /_admin/gifts/draws: weekly budgets per organisation, and every gacha draw with its odds, a check and a CSV. */
export function GachaDrawsPage() {
  const { t } = useGiftAuditTranslation(['errors']);
  return (
    <div className="org-page gacha-audit">
      <header className="org-page__header">
        <h1>{t('gift-audit:title')}</h1>
      </header>
      <p className="gacha-audit__intro">{t('gift-audit:intro')}</p>
      <BudgetsSection />
      <DrawsSection />
    </div>
  );
}

function BudgetsSection() {
  const { t, i18n } = useGiftAuditTranslation();
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const headingId = useId();
  const budgets = useQuery({
    queryKey: ['gift-budgets', page],
    queryFn: () => api.get<Budget[]>('/gift_budgets', { page, per: PER }),
  });
  return (
    <section className="gacha-audit__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('gift-audit:budgets.title')}</h2>
      <p className="gacha-audit__hint">{t('gift-audit:budgets.caption')}</p>
      <ListTable
        query={budgets}
        caption={t('gift-audit:budgets.title')}
        empty={t('gift-audit:budgets.empty')}
        headers={[
          t('gift-audit:budgets.organization'),
          t('gift-audit:budgets.week'),
          t('gift-audit:budgets.budget'),
          t('gift-audit:budgets.spent'),
          t('gift-audit:budgets.remaining'),
        ]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((line) => (
            <tr key={line.id}>
              <td>{line.organizationName}</td>
              <td>{formatDate(`${line.weekStart}T00:00:00+09:00`, i18n.language, { timeZone: 'Asia/Tokyo' })}</td>
              <td className="gacha-audit__number">{yen(line.budget, i18n.language)}</td>
              <td className="gacha-audit__number">{yen(line.spent, i18n.language)}</td>
              <td className="gacha-audit__number">{yen(line.remaining, i18n.language)}</td>
            </tr>
          ))
        }
      />
    </section>
  );
}

function DrawsSection() {
  const { t, i18n } = useGiftAuditTranslation(['errors', 'cancellation']);
  const { api } = useSession();
  const formId = useId();
  const headingId = useId();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const file = useFileDownload();
  const query = queryOf(filters);
  const draws = useQuery({
    queryKey: ['gacha-draws', filters, page],
    queryFn: () => api.get<Draw[]>('/gacha_draws', { ...query, page, per: PER }),
  });
  const organizations = useQuery({
    queryKey: ['gacha-audit-organizations'],
    queryFn: () => api.get<{ id: string; name: string }[]>('/organizations', { per: 100 }),
  });

  const { register, errors, onSubmit, form } = useFilterForm<Filters>({
    applied: filters,
    schema: GachaDrawListQuerySchema,
    toQuery: queryOf,
    onApply: (draft) => {
      setPage(1);
      setOpen(null);
      setFilters(draft);
    },
  });
  const draft = form.watch();

  const downloadCsv = () =>
    file.mutate({
      path: '/gacha_draws.csv',
      query,
      fileName: `gacha-draws${filters.from ? `-${filters.from}` : ''}${filters.to ? `-${filters.to}` : ''}.csv`,
    });

  const outcome = (giftName: string | null) => giftName ?? t('gift-audit:noPrize');

  return (
    <section className="gacha-audit__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('gift-audit:draws.title')}</h2>
      <form className="gacha-audit__filters" onSubmit={onSubmit} noValidate aria-label={t('gift-audit:filters.title')}>
        <span className="gacha-audit__field">
          <label htmlFor={`${formId}-org`}>{t('gift-audit:draws.organization')}</label>
          {/* Shown as the draft holds it: the organisations' options arrive after the field. */}
          <select id={`${formId}-org`} {...register('organization_id')} value={draft.organization_id}>
            <option value="">{t('gift-audit:filters.all')}</option>
            {(organizations.data?.data ?? []).map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </span>
        <span className="gacha-audit__field">
          <label htmlFor={`${formId}-type`}>{t('gift-audit:filters.gachaType')}</label>
          <select id={`${formId}-type`} {...register('gacha_type')}>
            <option value="">{t('gift-audit:filters.all')}</option>
            {(['weekly_gacha', 'dream_gacha'] as const).map((type) => (
              <option key={type} value={type}>
                {t(`gift-audit:gachaType.${type}`)}
              </option>
            ))}
          </select>
        </span>
        <span className="gacha-audit__field">
          <label htmlFor={`${formId}-from`}>{t('gift-audit:filters.from')}</label>
          <DateFilter id={`${formId}-from`} form={form} name="from" />
        </span>
        <span className="gacha-audit__field">
          <label htmlFor={`${formId}-to`}>{t('gift-audit:filters.to')}</label>
          <DateFilter
            id={`${formId}-to`}
            error={errors.to && t('gift-audit:filters.rangeInvalid', { count: GACHA_DRAW_MAX_RANGE_DAYS })}
            form={form}
            name="to"
          />
        </span>
        <span className="gacha-audit__actions">
          <button type="submit" className="kiwi-button">
            {t('gift-audit:filters.apply')}
          </button>
          <button type="button" className="kiwi-button" onClick={downloadCsv} disabled={file.isPending} aria-busy={file.isPending}>
            {t('gift-audit:csv.download')}
          </button>
        </span>
      </form>
      <p className="gacha-audit__hint">{t('gift-audit:csv.hint')}</p>
      {draws.isError && <p className="alert alert--error">{apiErrorMessage(t, draws.error)}</p>}
      <ListTable
        query={draws}
        caption={t('gift-audit:draws.title')}
        empty={t('gift-audit:draws.empty')}
        headers={[
          t('gift-audit:draws.createdAt'),
          t('gift-audit:draws.organization'),
          t('gift-audit:draws.member'),
          t('gift-audit:draws.gachaType'),
          t('gift-audit:draws.randomValue'),
          t('gift-audit:draws.outcome'),
          t('gift-audit:draws.coinsSpent'),
          t('gift-audit:draws.details'),
        ]}
        paging={{ page, onPage: setPage }}
        rows={(items) =>
          items.map((draw) => {
            const expanded = open === draw.id;
            const panelId = `${formId}-draw-${draw.id}`;
            return (
              <Fragment key={draw.id}>
                <tr data-testid={`gacha-draw-${draw.id}`}>
                  <td>{formatDateTime(draw.createdAt, i18n.language)}</td>
                  <td>{draw.organizationName}</td>
                  <td>{formatAuthorName(t, draw.memberName)}</td>
                  <td>{t(`gift-audit:gachaType.${draw.gachaType}`)}</td>
                  <td className="gacha-audit__number">{draw.randomValue}</td>
                  <td>{outcome(draw.giftName)}</td>
                  <td className="gacha-audit__number">{formatNumber(draw.coinsSpent, i18n.language)}</td>
                  <td>
                    <button
                      type="button"
                      className="kiwi-button kiwi-button--text"
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      onClick={() => setOpen(expanded ? null : draw.id)}
                    >
                      {expanded ? t('gift-audit:draws.hideOdds', { id: draw.id }) : t('gift-audit:draws.showOdds', { id: draw.id })}
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr className="gacha-audit__detail">
                    <td colSpan={8} id={panelId}>
                      <DrawDetail draw={draw} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })
        }
      />
    </section>
  );
}

function OddsTable({ id, odds, t, language }: { id: string; odds: OddsLine[]; t: TFunction; language: string }) {
  return (
    <CardTable
      className="gacha-audit__odds"
      captionShown
      caption={t('gift-audit:odds.caption', { id })}
      headers={[t('gift-audit:odds.prize'), t('gift-audit:odds.tickets'), t('gift-audit:odds.probability')]}
    >
      {odds.map((line) => (
        <tr key={line['gift-id'] ?? 'blank'}>
          <td>{line['gift-id'] === null ? t('gift-audit:noPrize') : line.name}</td>
          <td className="gacha-audit__number">{line.weight === null ? '' : formatNumber(line.weight, language)}</td>
          <td className="gacha-audit__number">{percent(line.probability, language)}</td>
        </tr>
      ))}
    </CardTable>
  );
}

function DrawDetail({ draw }: { draw: Draw }) {
  const { t, i18n } = useGiftAuditTranslation(['errors']);
  const { api } = useSession();
  const verification = useQuery({
    queryKey: ['gacha-draw-verification', draw.id],
    enabled: false,
    queryFn: () => api.get<Verification>(`/gacha_draws/${draw.id}/verification`),
  });
  const result = verification.data?.data;
  const nameOf = (giftId: string | null) =>
    giftId === null ? t('gift-audit:noPrize') : (draw.odds.find((line) => line['gift-id'] === giftId)?.name ?? `#${giftId}`);
  return (
    <div className="gacha-audit__draw-detail">
      <OddsTable id={draw.id} odds={draw.odds} t={t} language={i18n.language} />
      <button
        type="button"
        className="kiwi-button"
        onClick={() => void verification.refetch()}
        disabled={verification.isFetching}
        aria-busy={verification.isFetching}
      >
        {t('gift-audit:verify.button', { id: draw.id })}
      </button>
      <div role="status" className="gacha-audit__verdict">
        {verification.isError && <span className="alert alert--error">{apiErrorMessage(t, verification.error)}</span>}
        {result &&
          (result.problem ? (
            <span className="alert alert--error">{t('gift-audit:verify.problem')}</span>
          ) : result.matches ? (
            <span className="alert alert--success">
              {t('gift-audit:verify.ok', {
                randomValue: draw.randomValue,
                ticket: formatNumber((result.ticket ?? 0) + 1, i18n.language),
                total: formatNumber(result.totalTickets, i18n.language),
                outcome: nameOf(result.recomputedGiftId),
              })}
            </span>
          ) : (
            <span className="alert alert--error">
              {t('gift-audit:verify.mismatch', { outcome: nameOf(result.recomputedGiftId), recorded: nameOf(result.recordedGiftId) })}
            </span>
          ))}
      </div>
    </div>
  );
}
