import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { ResetPasswordSchema, type ResetPasswordInput } from './login-schema';

/**
 * A form that mails something to an address through Firebase (password reset, sign-in link): the address once sent,
 * or the i18n key of a failure. Failures `neutral` accepts are answered as a success, so that the form never tells
 * whether an address has an account.
 */
export function useAddressForm(send: (email: string) => Promise<void>, neutral: (key: string) => boolean) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailureKey(null);
    try {
      await send(email);
    } catch (error) {
      const key = identityErrorKey(error);
      if (!neutral(key)) return setFailureKey(key);
    }
    setSentTo(email);
  });
  const { errors, isSubmitting } = form.formState;
  return { register: form.register, errors, isSubmitting, onSubmit, sentTo, failureKey };
}
