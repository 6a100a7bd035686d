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
