import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog';
import './button.css';
import './confirm-dialog.css';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  /** Closes the dialog; Cancel and Escape always end with it (SPEC §2, §4). */
  onClose: () => void;
  /** Runs on Cancel or Escape before the dialog closes. */
  onCancel?: () => void;
  /** The OK action; the dialog closes once it resolves and stays open when it throws. */
  onSubmit: () => void | Promise<unknown>;
  /** Disables both buttons together (SPEC §2), on top of the automatic disabling while submitting. */
  disabled?: boolean;
  okLabel?: string;
  cancelLabel?: string;
};

/** SPEC §4: the dialog closes on cancel; a given cancel action runs first, otherwise Cancel is just the close action. */
export function cancelActionOf({ onCancel, onClose }: Pick<ConfirmDialogProps, 'onCancel' | 'onClose'>): () => void {
  if (!onCancel) return onClose;
  return () => {
    onCancel();
    onClose();
  };
}

export function confirmButtonsDisabled({ disabled, submitting }: { disabled?: boolean; submitting: boolean }): boolean {
  return Boolean(disabled) || submitting;
}

/**
 * Runs the OK action: buttons are disabled while it runs, the dialog closes after it succeeds,
 * and a failure leaves the dialog open (the caller reports it) and is rethrown.
 */
export async function submitConfirm({
  onSubmit,
  onClose,
  setSubmitting,
}: Pick<ConfirmDialogProps, 'onSubmit' | 'onClose'> & { setSubmitting: (submitting: boolean) => void }): Promise<void> {
  setSubmitting(true);
  try {
    await onSubmit();
  } finally {
    setSubmitting(false);
  }
  onClose();
}

export function ConfirmDialog({ open, title, body, onClose, onCancel, onSubmit, disabled, okLabel, cancelLabel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [submitting, setSubmitting] = useState(false);
  const titleId = useId();
  const buttonsDisabled = confirmButtonsDisabled({ disabled, submitting });
  const cancel = cancelActionOf({ onCancel, onClose });

  return (
    <ModalDialog
      open={open}
      className="kiwi-confirm-dialog"
      labelledBy={titleId}
      onCancel={() => {
        if (!buttonsDisabled) cancel();
      }}
    >
      <h2 id={titleId} className="kiwi-confirm-dialog__title">
        {title}
      </h2>
      <div className="kiwi-confirm-dialog__body">{body}</div>
      <div className="kiwi-confirm-dialog__actions">
        <button type="button" className="kiwi-button" disabled={buttonsDisabled} onClick={cancel}>
          {cancelLabel ?? t('actions.cancel')}
        </button>
        <button
          type="button"
          className="kiwi-button kiwi-button--primary"
          disabled={buttonsDisabled}
          onClick={() => {
            // A failed submit keeps the dialog open; the submitter reports the error itself.
            submitConfirm({ onSubmit, onClose, setSubmitting }).catch(() => undefined);
          }}
        >
          {okLabel ?? t('actions.ok')}
        </button>
      </div>
    </ModalDialog>
  );
}

export type ConfirmRequest = Omit<ConfirmDialogProps, 'open' | 'onClose'> & { onClose?: () => void };

const ConfirmContext = createContext<((request: ConfirmRequest) => void) | null>(null);

/** One confirmation dialog for the whole app; `useConfirm()` opens it. */
export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const close = useCallback(() => {
    request?.onClose?.();
    setRequest(null);
  }, [request]);
  const confirm = useMemo(() => (next: ConfirmRequest) => setRequest(next), []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={request !== null}
        title={request?.title}
        body={request?.body}
        onClose={close}
        onCancel={request?.onCancel}
        onSubmit={request?.onSubmit ?? close}
        disabled={request?.disabled}
        okLabel={request?.okLabel}
        cancelLabel={request?.cancelLabel}
      />
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): (request: ConfirmRequest) => void {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmDialogProvider>');
  return confirm;
}
