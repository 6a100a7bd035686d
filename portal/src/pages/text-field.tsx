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

/**
 * A form's error wiring by field name (useSchemaForm's `message`): `errorProps(name)` ties the control to its error line,
 * `fieldError(name)` is that line (`${id}-${name}-error`), nothing while the field has no error.
 */
export function fieldErrorParts<Name extends string>(id: string, message: (name: Name) => string | undefined) {
  return {
    errorProps: (name: Name) => ({
      'aria-invalid': message(name) ? true : undefined,
      'aria-describedby': message(name) ? `${id}-${name}-error` : undefined,
    }),
    fieldError: (name: Name) =>
      message(name) ? (
        <p id={`${id}-${name}-error`} className="field__error">
          {message(name)}
        </p>
      ) : null,
  };
}
