import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldMessage, showServerFieldErrors } from './form-errors';
import { apiErrorMessage } from './organization/api-error';

type Options<Values extends FieldValues, Output, Result> = {
  /** The form's zod schema (the API's, or its inner object): its messages are codes in `errors`. */
  schema: z.ZodType<Output, Values>;
  defaultValues: DefaultValues<Values>;
  /** The call, given the schema's output. */
  send: (values: Output) => Promise<Result>;
  onSaved?: (result: Result, values: Output, form: UseFormReturn<Values, unknown, Output>) => void | Promise<unknown>;
};

/**
 * The one way a portal form submits: react-hook-form checks the fields with the zod schema, a react-query mutation
 * sends them (its `isPending` is the busy state), the API's field errors go under their fields and the rest of a
 * failure is said above the form (`failure`). `message(name)` is a field's error text, translated.
 */
export function useSchemaForm<Values extends FieldValues, Output = Values, Result = unknown>({
  schema,
  defaultValues,
  send,
  onSaved,
}: Options<Values, Output, Result>) {
  const { t } = useTranslation('errors');
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema as never) as never, defaultValues });
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result, values) => onSaved?.(result, values, form),
    onError: (error) => showServerFieldErrors(t, error, form.setError),
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));
  const failure = mutation.isError ? apiErrorMessage(t, mutation.error) : null;
  const message = (name: Path<Values>, params?: Record<string, unknown>) =>
    fieldMessage(t, form.getFieldState(name, form.formState).error, params);
  return { form, register: form.register, mutation, onSubmit, busy: mutation.isPending, failure, message };
}
