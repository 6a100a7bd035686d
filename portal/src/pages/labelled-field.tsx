import { type ReactNode, useId } from 'react';

/** A labelled control with its hints and error tied to it for screen readers. */
export function Field({
  label,
  hints = [],
  error,
  children,
}: {
  label: string;
  hints?: string[];
  error: string | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [...hints.map((_, index) => `${id}-hint-${index}`), ...(error ? [`${id}-error`] : [])];
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
