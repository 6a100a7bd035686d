import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { FormFailure } from '../text-field';

type Props = {
  title: ReactNode;
  /** From useSchemaForm: busy while saving, and the failure shown above the fields. */
  submitting: boolean;
  failure: string | null;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** The submit button's text when not saving (default "Save"). */
  submitLabel?: string;
  children: ReactNode;
};

/** The organisation pages' create / edit dialog: title, failure alert, the fields, then Cancel and Save. */
export function FormDialog({ title, submitting, failure, onSubmit, onClose, submitLabel, children }: Props) {
  const { t } = useTranslation('organization');
  const titleId = useId();
  return (
    <ModalDialog open onCancel={() => !submitting && onClose()} className="org-dialog" labelledBy={titleId}>
      <h2 id={titleId}>{title}</h2>
      <form className="org-form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
        <FormFailure message={failure} />
        {children}
        <div className="org-form__actions">
          <button type="button" className="kiwi-button" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="kiwi-button kiwi-button--primary" disabled={submitting}>
            {submitting ? t('common.saving') : (submitLabel ?? t('common.save'))}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
