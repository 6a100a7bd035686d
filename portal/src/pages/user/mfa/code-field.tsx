import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { TextField } from '../../text-field';

/** The six-digit field of an SMS or authenticator-app code (the phone's keyboard shows digits, autofill offers the SMS). */
export function CodeField(props: { label: string; error: FieldError | undefined } & ComponentProps<'input'>) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...props} />;
}
