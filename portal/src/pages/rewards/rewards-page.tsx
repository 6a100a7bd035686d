import { formatNumber } from '@kiwi/shared/i18n/format';
import { useSearchParams } from 'react-router';
import { useHome } from '../home/use-home';
import '../organization/organization.css';
import { Tabs } from '../tabs';
import { ExchangePanel } from './exchange-panel';
import { GachaPanel } from './gacha-panel';
import { MyRewardsPanel } from './my-rewards-panel';
import { useRewardsTranslation } from './use-rewards-translation';
import './rewards.css';

const TABS = ['exchange', 'weekly', 'dream', 'mine'] as const;
type RewardsTab = (typeof TABS)[number];

/**
 * /rewards (issue 18 point 3): coin exchange, the weekly and the dream gacha, and My rewards, as tabs; the tab is in the
 * address (?tab=) so a link or a reload keeps it. The balance is the home's (one query for the figure everywhere).
 */
export function RewardsPage() {
  const { t, i18n } = useRewardsTranslation();
  const home = useHome();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: RewardsTab = TABS.find((key) => key === asked) ?? 'exchange';
  const select = (key: string) => setParams(key === 'exchange' ? {} : { tab: key }, { replace: true });
  const showMine = () => select('mine');

  return (
    <div className="org-page rewards-page">
      <header className="org-page__header rewards-page__header">
        <h1 id="page-title">{t('title')}</h1>
        <p className="rewards-balance">
          <span className="rewards-balance__label">{t('balance')}</span>{' '}
          <span className="rewards-balance__value" data-testid="rewards-balance">
            {home.data ? t('coins', { value: formatNumber(home.data.coinBalance, i18n.language), count: home.data.coinBalance }) : '—'}
          </span>
        </p>
      </header>
      <p className="rewards-note">{t('intro')}</p>
      <Tabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={select}
        tabs={[
          { key: 'exchange', label: t('tabs.exchange'), panel: () => <ExchangePanel /> },
          { key: 'weekly', label: t('tabs.weekly'), panel: () => <GachaPanel key="weekly" type="weekly_gacha" onShowMine={showMine} /> },
          { key: 'dream', label: t('tabs.dream'), panel: () => <GachaPanel key="dream" type="dream_gacha" onShowMine={showMine} /> },
          { key: 'mine', label: t('tabs.mine'), panel: () => <MyRewardsPanel /> },
        ]}
      />
    </div>
  );
}
