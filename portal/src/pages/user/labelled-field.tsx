import { cloneElement, type ComponentProps, type ReactElement, useId } from 'react';

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactElement<ComponentProps<'input'>>;
}) {
  const id = useId();
  const described = [...(hint ? [`${id}-hint`] : []), ...(error ? [`${id}-error`] : [])].join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
