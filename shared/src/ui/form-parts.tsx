import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A field's error line under it, `${id}-error` (what the field's aria-describedby names while there is an error);
 * nothing without an error. `alert` announces it as it appears.
 */
export function FieldError({
  id,
  message,
  className,
  alert = false,
}: {
  id: string;
  message: string | undefined;
  className: string;
  alert?: boolean;
}) {
  return message ? (
    <p id={`${id}-error`} role={alert ? 'alert' : undefined} className={className}>
      {message}
    </p>
  ) : null;
}

/** An in-place edit form's buttons: save (the form's submit, disabled while `saveDisabled`) and cancel. */
export function SaveCancelButtons({ save, saveDisabled, onCancel }: { save: ReactNode; saveDisabled: boolean; onCancel: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="kiwi-row">
      <button type="submit" className="kiwi-button kiwi-button--primary" disabled={saveDisabled}>
        {save}
      </button>
      <button type="button" className="kiwi-button" onClick={onCancel}>
        {t('common:actions.cancel')}
      </button>
    </div>
  );
}
