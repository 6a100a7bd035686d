import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { colleagueLabel } from '../../domain/nickname';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HttpResponseError } from '../../api/errors';
import { COIN_LIMITS, fillCoinMessage } from '../../domain/coin-message';
import { countGraphemes } from '../../domain/graphemes';
import { formatAuthorName, formatDateTime, formatNumber, formatRelativeTime } from '../../i18n/format';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import './coin-messages.css';

type Colleague = { id: string; name: string; nickname: string | null; icon: string | null };
type Recipient = Colleague & { amount: string };
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

/** Translated messages of a failed call, one per error, with the field each belongs to (recipient index, message). */
function describeError(t: TFunction, error: unknown): { general: string[]; fields: Record<string, string> } {
  if (!(error instanceof HttpResponseError)) return { general: [t('errors:unexpected')], fields: {} };
  const general: string[] = [];
  const fields: Record<string, string> = {};
  for (const item of error.errors) {
    // The server's detail is already translated (Accept-Language) with its parameters filled in, e.g. a length limit.
    const text = item.detail ?? (item.code ? t(`errors:${item.code}`) : t('errors:unexpected'));
    const pointer = item.source?.pointer ?? '';
    const recipient = /^\/kiwi_coin_transfer\/recipients\/(\d+)/.exec(pointer);
    if (recipient?.[1] !== undefined) fields[`recipient-${recipient[1]}`] ??= text;
    else if (pointer === '/kiwi_coin_transfer/message') fields.message ??= text;
    else general.push(text);
  }
  return { general, fields };
}

function Avatar({ name, icon }: { name: string; icon: string | null }) {
  const { resolveUrl } = useFeatureContext();
  if (icon) return <img className="kiwi-coins__avatar" src={resolveUrl(icon)} alt="" width={40} height={40} />;
  return (
    <span className="kiwi-coins__avatar kiwi-coins__avatar--initial" aria-hidden="true">
      {[...name.trim()][0] ?? '?'}
    </span>
  );
}

/** A search box listing colleagues of the viewer's organisation (GET /organizations/:id/members, readable by members). */
function ColleaguePicker({ exclude, onPick }: { exclude: Set<string>; onPick: (colleague: Colleague) => void }) {
  const { t } = useTranslation(['coins']);
  const { api, viewer } = useFeatureContext();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const inputId = useId();
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const organizationId = viewer?.organizationId;
  const colleagues = useQuery({
    queryKey: ['coin-colleagues', organizationId, search],
    enabled: Boolean(organizationId) && search !== '',
    queryFn: async () => (await api.get<Colleague[]>(`/organizations/${organizationId}/members`, { q: { name: search }, per: 10 })).data,
  });
  const choices = (colleagues.data ?? []).filter((c) => c.id !== viewer?.organizationMemberId && !exclude.has(c.id));

  return (
    <div className="kiwi-coins__picker">
      <label htmlFor={inputId}>{t('coins:send.search')}</label>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-controls={listId}
        autoComplete="off"
      />
      <div id={listId} aria-live="polite">
        {search === '' ? null : colleagues.isPending ? (
          <p role="status">{t('coins:send.searching')}</p>
        ) : colleagues.isError ? (
          <p role="alert">{t('coins:send.searchFailed')}</p>
        ) : choices.length === 0 ? (
          <p>{t('coins:send.noMatches')}</p>
        ) : (
          <ul className="kiwi-coins__choices">
            {choices.map((colleague) => (
              <li key={colleague.id}>
                <button
                  type="button"
                  className="kiwi-coins__choice"
                  onClick={() => {
                    onPick(colleague);
                    setText('');
                    setSearch('');
                  }}
                >
                  <Avatar name={colleague.name} icon={colleague.icon} />
                  <span>{t('coins:send.add', { name: colleagueLabel(colleague) })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * Coin messages (spec §1): choose colleagues with an amount each, write a message with {name}/{nickname} placeholders
 * previewed per recipient, send; below, the feed of messages sent and received with the sender's icon.
 */
export function CoinMessages() {
  const { t, i18n } = useTranslation(['coins', 'errors']);
  const { api, notify } = useFeatureContext();
  const queryClient = useQueryClient();
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<{ general: string[]; fields: Record<string, string> }>({ general: [], fields: {} });
  const [sent, setSent] = useState(false);
  const messageId = useId();
  const helpId = useId();
  const headingId = useId();
  const feedHeadingId = useId();

  const feed = useInfiniteQuery({
    queryKey: FEED_KEY,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api.get<CoinMessageEntry[]>('/user/kiwi_coin_transfers', { page: pageParam, per: PER }),
    getNextPageParam: (last, pages) => (pages.length < Number(last.meta?.totalPages ?? 0) ? pages.length + 1 : undefined),
  });
  const balance = feed.data?.pages[0]?.meta?.balance as number | undefined;

  const send = useMutation({
    mutationFn: async (transfer: { message: string; recipients: { id: string; amount: number }[] }) => {
      await api.post('/user/kiwi_coin_transfers', {
        kiwi_coin_transfer: {
          message: transfer.message,
          recipients: transfer.recipients.map((r) => ({ organization_member_id: Number(r.id), amount: r.amount })),
        },
      });
      return transfer;
    },
    onSuccess: async (transfer) => {
      notify({
        type: 'coins-sent',
        amount: transfer.recipients.reduce((sum, r) => sum + r.amount, 0),
        receiverIds: transfer.recipients.map((r) => r.id),
      });
      setRecipients([]);
      setMessage('');
      setProblems({ general: [], fields: {} });
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: FEED_KEY });
    },
    onError: (error) => setProblems(describeError(t, error)),
  });

  const total = recipients.reduce((sum, r) => sum + (Number.isInteger(Number(r.amount)) ? Number(r.amount) : 0), 0);
  const tooLong = countGraphemes(message) > COIN_LIMITS.messageMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (recipients.length === 0) {
      setProblems({ general: [t('coins:send.noRecipients')], fields: {} });
      return;
    }
    send.mutate({ message, recipients: recipients.map((r) => ({ id: r.id, amount: Number(r.amount) })) });
  };

  const update = (id: string, amount: string) => setRecipients((list) => list.map((r) => (r.id === id ? { ...r, amount } : r)));

  return (
    <div className="kiwi-coins">
      <section className="kiwi-coins__card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('coins:send.title')}</h2>
        {balance !== undefined && (
          <p className="kiwi-coins__balance" data-testid="coin-balance">
            {t('coins:send.balance', { balance: formatNumber(balance, i18n.language), count: balance })}
          </p>
        )}
        <form onSubmit={submit} noValidate>
          <fieldset className="kiwi-coins__recipients">
            <legend>{t('coins:send.recipients')}</legend>
            <ColleaguePicker
              exclude={new Set(recipients.map((r) => r.id))}
              onPick={(c) => setRecipients((list) => [...list, { ...c, amount: '1' }])}
            />
            <ul className="kiwi-coins__chosen">
              {recipients.map((recipient, index) => {
                const amountId = `${messageId}-amount-${recipient.id}`;
                const fieldError = problems.fields[`recipient-${index}`];
                return (
                  <li key={recipient.id} className="kiwi-coins__recipient">
                    <Avatar name={recipient.name} icon={recipient.icon} />
                    <label htmlFor={amountId}>{t('coins:send.amount', { name: recipient.name })}</label>
                    <input
                      id={amountId}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={COIN_LIMITS.amountMax}
                      step={1}
                      value={recipient.amount}
                      onChange={(event) => update(recipient.id, event.target.value)}
                      aria-invalid={fieldError ? true : undefined}
                      aria-describedby={fieldError ? `${amountId}-error` : undefined}
                    />
                    <button
                      type="button"
                      className="kiwi-coins__remove"
                      onClick={() => setRecipients((list) => list.filter((r) => r.id !== recipient.id))}
                    >
                      {t('coins:send.remove', { name: recipient.name })}
                    </button>
                    {fieldError && (
                      <p id={`${amountId}-error`} className="kiwi-coins__error" role="alert">
                        {fieldError}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>

          <label htmlFor={messageId}>{t('coins:send.message')}</label>
          <textarea
            id={messageId}
            value={message}
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby={helpId}
            aria-invalid={tooLong || problems.fields.message ? true : undefined}
          />
          <p id={helpId} className="kiwi-coins__help">
            {t('coins:send.messageHelp')} ({countGraphemes(message)}/{COIN_LIMITS.messageMax})
          </p>
          {(problems.fields.message || tooLong) && (
            <p className="kiwi-coins__error" role="alert">
              {problems.fields.message ?? t('errors:validation.tooLong', { count: COIN_LIMITS.messageMax })}
            </p>
          )}

          {recipients.length > 0 && message.trim() !== '' && (
            <ul className="kiwi-coins__previews" aria-label={t('coins:send.message')}>
              {recipients.map((recipient) => (
                <li key={recipient.id} className="kiwi-coins__preview">
                  <span className="kiwi-coins__preview-label">{t('coins:send.preview', { name: recipient.name })}</span>
                  <p data-testid={`coin-preview-${recipient.id}`}>{fillCoinMessage(message, recipient)}</p>
                </li>
              ))}
            </ul>
          )}

          {problems.general.length > 0 && (
            <div className="kiwi-coins__alert" role="alert">
              {problems.general.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
          )}
          {sent && (
            <p className="kiwi-coins__success" role="status">
              {t('coins:send.sent')}
            </p>
          )}
          <div className="kiwi-coins__actions">
            <span>{t('coins:send.total', { total: formatNumber(total, i18n.language), count: total })}</span>
            <button type="submit" className="kiwi-coins__button kiwi-coins__button--primary" disabled={send.isPending || tooLong}>
              {send.isPending ? t('coins:send.sending') : t('coins:send.submit')}
            </button>
          </div>
        </form>
      </section>

      <section className="kiwi-coins__card" aria-labelledby={feedHeadingId}>
        <h2 id={feedHeadingId}>{t('coins:feed.title')}</h2>
        {feed.isPending ? (
          <p role="status">{t('coins:feed.loading')}</p>
        ) : feed.isError ? (
          <div className="kiwi-coins__alert" role="alert">
            <p>{t('coins:feed.failed')}</p>
            <button type="button" className="kiwi-coins__button" onClick={() => void feed.refetch()}>
              {t('coins:feed.retry')}
            </button>
          </div>
        ) : feed.data.pages[0]?.data.length === 0 ? (
          <p>{t('coins:feed.empty')}</p>
        ) : (
          <>
            <ol className="kiwi-coins__feed" data-testid="coin-feed">
              {feed.data.pages.flatMap((page) =>
                page.data.map((entry) => (
                  <li key={entry.id} className={`kiwi-coins__entry kiwi-coins__entry--${entry.direction}`}>
                    <Avatar name={formatAuthorName(t, entry.sender.name)} icon={entry.sender.icon} />
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
                              ? t('coins:feed.toRecipient', {
                                  name: formatAuthorName(t, part.name),
                                  amount: part.amount,
                                  count: part.amount,
                                })
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
                              className="kiwi-coins__button"
                            />
                          )}
                        </div>
                      ))}
                    </div>
                  </li>
                )),
              )}
            </ol>
            {feed.hasNextPage && (
              <button
                type="button"
                className="kiwi-coins__button"
                disabled={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                {t('coins:feed.more')}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
