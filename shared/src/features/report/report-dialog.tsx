import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { HttpResponseError } from '../../api/errors';
import { countGraphemes } from '../../domain/graphemes';
import { problemsResolver } from '../../forms/problems-resolver';
import { ModalDialog } from '../../ui/modal-dialog';
import { useFeatureContext } from '../feature-context';
import {
  REASON_CATEGORIES,
  REASON_MAX,
  type ReasonCategory,
  type Reporter,
  type ReportTarget,
  reportApi,
  reportPayload,
} from './report-api';
import { useReportTranslation } from './report-i18n';
import './report.css';

export type ReportDialogProps = { open: boolean; target: ReportTarget; reporter: Reporter; onClose: () => void };

/** The report's fields: a category (null until one is chosen) and the optional reason. */
export type ReportValues = { category: ReasonCategory | null; reason: string };
const EMPTY: ReportValues = { category: null, reason: '' };

/**
 * react-hook-form's resolver over the report rules (domain/violation-report.ts categories, the reason's grapheme
 * limit that schemas/violation-report.ts applies on the server): zod-free, as the widgets' dialog chunk must be.
 */
export function reportResolver(t: ReturnType<typeof useReportTranslation>['t']): Resolver<ReportValues> {
  return problemsResolver<ReportValues>((values) => ({
    category: REASON_CATEGORIES.includes(values.category as ReasonCategory) ? null : { type: 'required', message: t('chooseCategory') },
    reason: countGraphemes(values.reason) > REASON_MAX ? { type: 'maxLength', message: t('tooLong', { max: REASON_MAX }) } : null,
  }));
}

/**
 * The report dialog: a reason category (radio group), an optional text with a live grapheme counter, Send and Cancel.
 * A native modal <dialog> (focus stays inside, Escape cancels, focus returns to the Report button), dressed as the shared
 * confirmation dialog (its frame, title and buttons are ui/confirm-dialog.css's: one look, and no second copy of it). After sending it
 * thanks the reporter; a refused report (already reported, one's own content) shows the server's coded message.
 */
export function ReportDialog({ open, target, reporter, onClose }: ReportDialogProps) {
  const { t } = useReportTranslation();
  const { api } = useFeatureContext();
  const { register, handleSubmit, reset, watch, formState } = useForm<ReportValues>({ defaultValues: EMPTY, resolver: reportResolver(t) });
  const titleId = useId();
  const reasonId = useId();
  const counterId = useId();
  const errorId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const length = countGraphemes(watch('reason'));
  const tooLong = length > REASON_MAX;
  const send = useMutation({
    mutationFn: async ({ category, reason }: ReportValues) => {
      const body = reportPayload(target, category as ReasonCategory, reason);
      if (reporter.kind === 'guest') await api.post(reportApi.sharedEvent(reporter.eventId), body, { token: reporter.token });
      else await api.post(reportApi.organization(reporter.organizationId), body);
    },
    onSuccess: () => setTimeout(() => closeRef.current?.focus()),
  });
  const sending = send.isPending;
  const missingCategory = formState.errors.category?.message;

  const close = () => {
    if (sending) return;
    onClose();
    // The next report of the same thing starts afresh.
    reset();
    send.reset();
  };

  return (
    <ModalDialog open={open} onCancel={close} className="kiwi-confirm-dialog" labelledBy={titleId}>
      <h2 id={titleId} className="kiwi-confirm-dialog__title">
        {t('title')}
      </h2>
      {send.isSuccess ? (
        <>
          <p role="status" className="kiwi-report-dialog__done">
            {t('sent')}
          </p>
          <div className="kiwi-confirm-dialog__actions">
            <button ref={closeRef} type="button" className="kiwi-button kiwi-button--primary" onClick={close}>
              {t('close')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={handleSubmit((values) => send.mutate(values))} noValidate aria-busy={sending}>
          <p className="kiwi-report-dialog__intro">{t('intro')}</p>
          <fieldset
            className="kiwi-report-dialog__categories"
            aria-invalid={!!missingCategory}
            aria-describedby={missingCategory ? errorId : undefined}
          >
            <legend>{t('category')}</legend>
            {REASON_CATEGORIES.map((value, index) => (
              <label key={value} className="kiwi-report-dialog__choice">
                <input
                  type="radio"
                  value={value}
                  // biome-ignore lint/a11y/noAutofocus: the dialog opens on the first choice, as a native dialog would.
                  autoFocus={index === 0}
                  {...register('category')}
                />
                {t(`categories.${value}`)}
              </label>
            ))}
            {missingCategory && (
              <p id={errorId} role="alert" className="kiwi-report-dialog__error">
                {missingCategory}
              </p>
            )}
          </fieldset>
          <label htmlFor={reasonId} className="kiwi-report-dialog__label">
            {t('reason')}
          </label>
          <textarea
            id={reasonId}
            className="kiwi-report-dialog__reason"
            rows={3}
            aria-describedby={counterId}
            aria-invalid={tooLong}
            {...register('reason')}
          />
          <p id={counterId} aria-live="polite" className={tooLong ? 'kiwi-report-dialog__error' : 'kiwi-report-dialog__counter'}>
            {tooLong ? t('tooLong', { max: REASON_MAX }) : t('counter', { count: length, max: REASON_MAX })}
          </p>
          {send.isError && (
            <p role="alert" className="kiwi-report-dialog__error">
              {errorMessage(send.error, t)}
            </p>
          )}
          <div className="kiwi-confirm-dialog__actions">
            <button type="button" className="kiwi-button" disabled={sending} onClick={close}>
              {t('cancel')}
            </button>
            <button type="submit" className="kiwi-button kiwi-button--primary" disabled={sending || tooLong}>
              {sending ? t('sending') : t('send')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** The server's message for a refused report (it answers in the reader's language), else the coded one, else a generic line. */
function errorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof HttpResponseError) {
    const [first] = error.errors;
    if (first?.code?.startsWith('violationReport.')) {
      const known = t(`errors:${first.code}`);
      if (known !== `errors:${first.code}` && known !== first.code) return known;
    }
    if (first?.detail && first.code) return first.detail;
  }
  return t('failed');
}
