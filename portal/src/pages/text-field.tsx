import { useId, type ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A labelled input whose error (a stable code from the zod schema) is translated and tied to it for screen readers. */
export function TextField({ label, error, ...input }: { label: string; error: FieldError | undefined } & ComponentProps<'input'>) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error?.message && (
        <p id={errorId} className="field__error">
          {t(`errors:${error.message}`)}
        </p>
      )}
    </div>
  );
}

/** The sign-in email field, the same on every identity form. */
export function EmailField(props: { label: string; error: FieldError | undefined } & ComponentProps<'input'>) {
  return <TextField type="email" autoComplete="username" inputMode="email" {...props} />;
}

/** A form-level failure (already translated: an identity or API error), announced as an alert. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert--error">
      {message}
    </p>
  );
}

/** A form's primary submit button: disabled and saying `busyLabel` while `busy`. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
