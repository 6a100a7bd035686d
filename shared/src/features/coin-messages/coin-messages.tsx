import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAuthorName, formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import { SendCoinsForm } from './send-coins-form';
import { PersonIcon } from '../../ui/person-option';
import './coin-messages.css';

export type CoinMessageEntry = {
  id: string;
  direction: 'sent' | 'received';
  createdAt: string;
  sender: { id: string; name: string; icon: string | null };
  /** transferId: the transfer a recipient reports (issue 19). */
  /** hidden: the message is hidden while reviewed (issue 19); only its sender still receives its text. */
  recipients: { id: string; transferId?: string; name: string; amount: number; message: string; hidden?: boolean }[];
};

const FEED_KEY = ['coin-messages'] as const;
const PER = 10;

const useFeedPage = (page: number) => {
  const { api } = useFeatureContext();
  return useQuery({
    queryKey: [...FEED_KEY, page],
    queryFn: () => api.get<CoinMessageEntry[]>('/user/kiwi_coin_transfers', { page, per: PER }),
  });
};

/** A later page of the feed, loaded when "Show more" asks for it. */
function FeedPage({ page }: { page: number }) {
  const { t } = useTranslation(['coins']);
  const query = useFeedPage(page);
  if (query.isPending) return <li role="status">{t('coins:feed.loading')}</li>;
  if (query.isError) return <li role="alert">{t('coins:feed.failed')}</li>;
  return <FeedEntries entries={query.data.data} />;
}

/** Coin messages sent and received, each with the sender's icon and the parts for each recipient. */
function FeedEntries({ entries }: { entries: CoinMessageEntry[] }) {
  const { t, i18n } = useTranslation(['coins']);
  const { resolveUrl } = useFeatureContext();
  return (
    <>
      {entries.map((entry) => (
        <li key={entry.id} className={`kiwi-coins__entry kiwi-coins__entry--${entry.direction}`}>
          <PersonIcon name={formatAuthorName(t, entry.sender.name)} icon={entry.sender.icon} resolveUrl={resolveUrl} />
          <div>
            <p className="kiwi-coins__entry-head">
              <strong>
                {entry.direction === 'sent'
                  ? t('coins:feed.sent')
                  : t('coins:feed.received', { name: formatAuthorName(t, entry.sender.name) })}
              </strong>{' '}
              <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt, i18n.language)}>
                {formatRelativeTime(entry.createdAt, i18n.language, new Date())}
              </time>
            </p>
            {entry.recipients.map((part) => (
              <div key={part.id} className="kiwi-coins__part">
                <p className="kiwi-coins__amount">
                  {entry.direction === 'sent'
                    ? t('coins:feed.toRecipient', { name: formatAuthorName(t, part.name), amount: part.amount, count: part.amount })
                    : t('coins:feed.coins', { amount: part.amount, count: part.amount })}
                </p>
                {part.message && (
                  <p className="kiwi-coins__text">
                    {part.message}
                    {part.hidden && ` (${t('common:hiddenWhileReviewed')})`}
                  </p>
                )}
                {entry.direction === 'received' && part.message && part.transferId && (
                  <ReportButton
                    target={{ type: 'KiwiCoinTransfer', id: part.transferId }}
                    name={formatAuthorName(t, entry.sender.name)}
                    className="kiwi-button"
                  />
                )}
              </div>
            ))}
          </div>
        </li>
      ))}
    </>
  );
}

/**
 * Coin messages (spec §1): choose colleagues with an amount each, write a message with {name}/{nickname} placeholders
 * previewed per recipient, send; below, the feed of messages sent and received with the sender's icon.
 */
export function CoinMessages() {
  const { t, i18n } = useTranslation(['coins', 'errors']);
  const headingId = useId();
  const feedHeadingId = useId();

  // The feed page by page ("Show more" adds the next), each page a query of its own under FEED_KEY (a send refreshes all).
  const feed = useFeedPage(1);
  const [shown, setShown] = useState(1);
  const balance = feed.data?.meta?.balance as number | undefined;
  const totalPages = Number(feed.data?.meta?.totalPages ?? 0);

  return (
    <div className="kiwi-coins">
      <section className="kiwi-coins__card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('coins:send.title')}</h2>
        {balance !== undefined && (
          <p className="kiwi-coins__balance" data-testid="coin-balance">
            {t('coins:send.balance', { balance: formatNumber(balance, i18n.language), count: balance })}
          </p>
        )}
        <SendCoinsForm balance={balance} feedKey={FEED_KEY} />
      </section>

      <section className="kiwi-coins__card" aria-labelledby={feedHeadingId}>
        <h2 id={feedHeadingId}>{t('coins:feed.title')}</h2>
        {feed.isPending ? (
          <p role="status">{t('coins:feed.loading')}</p>
        ) : feed.isError ? (
          <div className="kiwi-coins__alert" role="alert">
            <p>{t('coins:feed.failed')}</p>
            <button type="button" className="kiwi-button" onClick={() => void feed.refetch()}>
              {t('coins:feed.retry')}
            </button>
          </div>
        ) : feed.data.data.length === 0 ? (
          <p>{t('coins:feed.empty')}</p>
        ) : (
          <>
            <ol className="kiwi-coins__feed" data-testid="coin-feed">
              <FeedEntries entries={feed.data.data} />
              {Array.from({ length: shown - 1 }, (_, index) => (
                <FeedPage key={index + 2} page={index + 2} />
              ))}
            </ol>
            {shown < totalPages && (
              <button type="button" className="kiwi-button" onClick={() => setShown((n) => n + 1)}>
                {t('coins:feed.more')}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
