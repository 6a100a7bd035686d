import { CoinMessages } from '@kiwi/shared/features/coin-messages/coin-messages';
import { useTranslation } from 'react-i18next';
import { MembershipRequired } from '../membership-required';

/** /send_coins: coin messages to colleagues and the feed of those sent and received (shared feature component). */
export function SendCoinsPage() {
  const { t } = useTranslation('coins');
  return (
    <section className="page-card" aria-labelledby="page-title">
      <h1 id="page-title" className="visually-hidden">
        {t('send.title')}
      </h1>
      <MembershipRequired>
        <CoinMessages />
      </MembershipRequired>
    </section>
  );
}
