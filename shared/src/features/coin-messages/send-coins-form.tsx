import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HttpResponseError } from '../../api/errors';
import { COIN_LIMITS, type CoinProblem, coinAmountProblem, coinDraftProblems, coinTotal, fillCoinMessage } from '../../domain/coin-message';
import { countGraphemes } from '../../domain/graphemes';
import { type Person, personLabel } from '../../domain/people';
import { problemsResolver } from '../../forms/problems-resolver';
import { formatNumber } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PersonOption } from '../../ui/person-option';
import { useFeatureContext } from '../feature-context';
import { ColleaguePicker } from './colleague-picker';

type Recipient = Person & { amount: string };
export type SendCoinsValues = { recipients: Recipient[]; message: string };
type Transfer = { message: string; recipients: { id: string; amount: number }[] };

/** A problem's text: the code translated with its parameters (errors.json), "choose a colleague" for no recipient. */
function problemText(t: TFunction, field: string, problem: CoinProblem): string {
  if (field === 'recipients' && problem.code === 'validation.required') return t('coins:send.noRecipients');
  return t(`errors:${problem.code}`, problem.params ?? {});
}

/**
 * react-hook-form's resolver over the send rules (domain/coin-message.ts coinDraftProblems, which the server's
 * SendCoinsSchema checks the message with too): zod-free, so the widget's chunk carries no validator (docs/decisions.md).
 */
export function sendCoinsResolver(t: TFunction, balance: number | undefined): Resolver<SendCoinsValues> {
  return problemsResolver<SendCoinsValues>((values) =>
    Object.fromEntries(
      Object.entries(coinDraftProblems(values, balance)).map(([field, problem]) => [
        field,
        { type: problem.code, message: problemText(t, field, problem) },
      ]),
    ),
  );
}

/** The server's 422 as field errors (recipient index, message) and the rest as general messages. */
function describeError(t: TFunction, error: unknown): { general: string[]; fields: [string, string][] } {
  if (!(error instanceof HttpResponseError)) return { general: [t('errors:unexpected')], fields: [] };
  const general: string[] = [];
  const fields: [string, string][] = [];
  for (const item of error.errors) {
    // The server's detail is already translated (Accept-Language) with its parameters filled in, e.g. a length limit.
    const text = item.detail ?? (item.code ? t(`errors:${item.code}`) : t('errors:unexpected'));
    const pointer = item.source?.pointer ?? '';
    const recipient = /^\/kiwi_coin_transfer\/recipients\/(\d+)/.exec(pointer);
    if (recipient?.[1] !== undefined) fields.push([`recipients.${recipient[1]}.amount`, text]);
    else if (pointer === '/kiwi_coin_transfer/message') fields.push(['message', text]);
    else general.push(text);
  }
  return { general, fields };
}

/**
 * Coin messages' send form (spec §1, issue 21): colleagues with an amount each, the balance and the total before
 * sending, overspending refused while typing, the message rules stated under the field, and the recipients and amounts
 * confirmed in the shared dialog before anything is sent.
 */
export function SendCoinsForm({ balance, feedKey }: { balance: number | undefined; feedKey: readonly unknown[] }) {
  const { t, i18n } = useTranslation(['coins', 'errors']);
  const { api, notify, resolveUrl } = useFeatureContext();
  const queryClient = useQueryClient();
  const form = useForm<SendCoinsValues>({
    defaultValues: { recipients: [], message: '' },
    mode: 'onTouched',
    resolver: sendCoinsResolver(t, balance),
  });
  const { register, handleSubmit, setValue, setError, reset, watch, formState } = form;
  // The whole draft re-renders the form as it is typed: the total, the previews and the overspend check follow it.
  const { recipients, message } = watch();
  const [general, setGeneral] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const [confirming, setConfirming] = useState<Transfer | null>(null);
  const ids = { message: useId(), rules: useId(), error: useId(), total: useId(), reason: useId() };
  const number = (value: number) => formatNumber(value, i18n.language);

  const total = coinTotal(recipients.map((r) => r.amount));
  // Overspending is refused as it is typed: the total against the balance, before any submit.
  const overspent = balance !== undefined && total > balance;
  const amountsInvalid = recipients.some((r) => coinAmountProblem(r.amount) !== null);

  const send = useMutation({
    mutationFn: async (transfer: Transfer) => {
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
      reset();
      setGeneral([]);
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: feedKey });
    },
    onError: (error) => {
      const described = describeError(t, error);
      setGeneral(described.general);
      for (const [field, text] of described.fields) setError(field as 'message', { type: 'server', message: text });
    },
  });

  const setRecipients = (next: Recipient[]) => setValue('recipients', next, { shouldValidate: formState.isSubmitted, shouldDirty: true });
  const recipientsError = formState.errors.recipients?.root?.message ?? formState.errors.recipients?.message;
  const messageError = formState.errors.message?.message;
  const reason = overspent ? t('coins:send.overspent', { total: number(total), balance: number(balance) }) : undefined;

  return (
    <form
      onSubmit={handleSubmit((values) => {
        setSent(false);
        setGeneral([]);
        setConfirming({
          message: values.message,
          recipients: values.recipients.map((r) => ({ id: r.id, amount: Number(r.amount.trim()) })),
        });
      })}
      noValidate
    >
      <fieldset className="kiwi-coins__recipients">
        <legend>{t('coins:send.recipients')}</legend>
        <ColleaguePicker
          exclude={new Set(recipients.map((r) => r.id))}
          onPick={(colleague) => setRecipients([...recipients, { ...colleague, amount: '1' }])}
        />
        <ul className="kiwi-coins__chosen">
          {recipients.map((recipient, index) => {
            const amountId = `${ids.message}-amount-${recipient.id}`;
            const fieldError = formState.errors.recipients?.[index]?.amount?.message;
            return (
              <li key={recipient.id} className="kiwi-coins__recipient">
                <PersonOption person={recipient} resolveUrl={resolveUrl} />
                <span className="kiwi-coins__amount-field">
                  <label htmlFor={amountId}>{t('coins:send.amount', { name: recipient.name })}</label>
                  <input
                    id={amountId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={COIN_LIMITS.amountMax}
                    step={1}
                    {...register(`recipients.${index}.amount`)}
                    aria-invalid={fieldError || overspent ? true : undefined}
                    aria-describedby={[fieldError ? `${amountId}-error` : '', ids.total].join(' ').trim()}
                  />
                </span>
                <button
                  type="button"
                  className="kiwi-coins__remove"
                  onClick={() => setRecipients(recipients.filter((r) => r.id !== recipient.id))}
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
        {recipientsError && (
          <p className="kiwi-coins__error" role="alert">
            {recipientsError}
          </p>
        )}
      </fieldset>

      <label htmlFor={ids.message}>{t('coins:send.message')}</label>
      <textarea
        id={ids.message}
        rows={4}
        {...register('message')}
        aria-required="true"
        aria-describedby={messageError ? `${ids.rules} ${ids.error}` : ids.rules}
        aria-invalid={messageError ? true : undefined}
      />
      <p id={ids.rules} className="kiwi-coins__help">
        {t('coins:send.messageRules', { max: COIN_LIMITS.messageMax })} {t('coins:send.messageHelp')} ({countGraphemes(message)}/
        {COIN_LIMITS.messageMax})
      </p>
      {messageError && (
        <p id={ids.error} className="kiwi-coins__error" role="alert">
          {messageError}
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

      {general.length > 0 && (
        <div className="kiwi-coins__alert" role="alert">
          {general.map((text) => (
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
        <p id={ids.total} className="kiwi-coins__total" data-testid="coin-total">
          {t('coins:send.total', { total: number(total), count: total })}
        </p>
        {reason && (
          <p id={ids.reason} className="kiwi-coins__error" role="alert">
            {reason}
          </p>
        )}
        <button
          type="submit"
          className="kiwi-button kiwi-button--primary"
          disabled={send.isPending || overspent || amountsInvalid}
          aria-describedby={reason ? ids.reason : undefined}
        >
          {send.isPending ? t('coins:send.sending') : t('coins:send.submit')}
        </button>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={t('coins:send.confirmTitle', {
          total: number(confirming ? coinTotal(confirming.recipients.map((r) => String(r.amount))) : 0),
        })}
        body={
          <ul className="kiwi-coins__confirm-list" data-testid="coin-confirm">
            {(confirming?.recipients ?? []).map((part) => {
              const person = recipients.find((r) => r.id === part.id);
              return (
                <li key={part.id}>
                  {t('coins:send.confirmLine', { name: person ? personLabel(person) : part.id, amount: number(part.amount) })}
                </li>
              );
            })}
          </ul>
        }
        okLabel={t('coins:send.submit')}
        onClose={() => setConfirming(null)}
        // A failure is shown on the form (the dialog closes either way).
        onSubmit={() => (confirming ? send.mutateAsync(confirming).catch(() => undefined) : undefined)}
      />
    </form>
  );
}
