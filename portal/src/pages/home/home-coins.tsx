import { formatDate, formatNumber } from '@kiwi/shared/i18n/format';
import { ReportButton } from '@kiwi/shared/features/report/report-button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard, type SectionProps } from './home-card';

/** The member's coin balance and the latest coin messages they received. */
export function CoinsCard({ home }: SectionProps) {
  const { t, i18n } = useTranslation('home');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <HomeCard title={t('coins.title')} seeAll={<Link to="/send_coins">{t('coins.send')}</Link>}>
      <p className="home-figure">
        <span className="home-figure__label">{t('coins.balance')}</span>
        <span className="home-figure__value" data-testid="home-coin-balance">
          {t('coins.balanceValue', { value: number(home.coinBalance), count: home.coinBalance })}
        </span>
      </p>
      <h3 className="home-card__subtitle">{t('coins.latest')}</h3>
      {home.coinMessages.length === 0 ? (
        <p className="home-card__empty">{t('coins.empty')}</p>
      ) : (
        <ul className="home-list">
          {home.coinMessages.map((message) => (
            <li key={message.id} className="home-list__item">
              <div className="home-list__text">
                <span className="home-list__title">{message.message}</span>
                <span className="home-list__meta">
                  {t('coins.from', { name: message.sender.name })} · {formatDate(message.createdAt, i18n.language)}
                </span>
              </div>
              <span className="home-list__amount">{t('coins.amount', { value: number(message.amount), count: message.amount })}</span>
              {message.message && message.transferId && (
                <ReportButton
                  target={{ type: 'KiwiCoinTransfer', id: message.transferId }}
                  name={message.sender.name}
                  className="kiwi-button kiwi-button--text"
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/**
 * Issue 18: the way to the shop, with the balance the coins card reads (the same home query, so never two figures). Its
 * words are the menu's and the coins card's: the rewards namespace stays with the rewards page.
 */
export function RewardsCard({ home }: SectionProps) {
  const { t, i18n } = useTranslation(['home', 'portal']);
  return (
    <HomeCard title={t('portal:pages.member.rewards')} seeAll={<Link to="/rewards">{t('seeAll')}</Link>}>
      <p className="home-figure">
        <span className="home-figure__label">{t('coins.balance')}</span>
        <span className="home-figure__value" data-testid="home-rewards-balance">
          {t('coins.balanceValue', { value: formatNumber(home.coinBalance, i18n.language), count: home.coinBalance })}
        </span>
      </p>
    </HomeCard>
  );
}
