import { type ReactNode, useId } from 'react';

/**
 * A labelled control with its hints and error tied to it for screen readers. `describedBy` names a note outside the
 * field that also describes it (a form-wide "only the date can change now").
 */
export function Field({
  label,
  hints = [],
  error,
  describedBy,
  children,
}: {
  label: string;
  hints?: string[];
  error: string | undefined;
  describedBy?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [...hints.map((_, index) => `${id}-hint-${index}`), ...(error ? [`${id}-error`] : []), describedBy ?? ''].filter(
    Boolean,
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described.join(' ') || undefined })}
      {hints.map((hint, index) => (
        <p key={hint} id={`${id}-hint-${index}`} className="field__hint">
          {hint}
        </p>
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
