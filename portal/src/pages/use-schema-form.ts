import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrors } from './organization/api-error';
import { fieldMessage, schemaResolver } from '@kiwi/shared/forms/schema-resolver';

type Options<Values extends FieldValues, Output, Result> = {
  /**
   * The API's zod schema (its inner object): its messages are codes in `errors`. It judges `toPayload(values)` when
   * given (inputs as typed: dates, lists in one field), whose keys are the fields' names, so an issue lands on its field.
   */
  schema: Parameters<typeof schemaResolver<Values, Output>>[0];
  toPayload?: (values: Values) => unknown;
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
  toPayload,
  defaultValues,
  send,
  onSaved,
}: Options<Values, Output, Result>) {
  const { t } = useTranslation('errors');
  const check = schemaResolver<Values, Output>(schema);
  const resolver: Resolver<Values, unknown, Output> = toPayload
    ? (values, context, options) => check(toPayload(values) as Values, context, options)
    : check;
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues });
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

/**
 * The one way a react-hook-form form shows a failed call: each field error the API named goes under its field (type
 * `server`, already translated). Returns how many it placed, so the caller can say the rest above the form.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<Values>,
  fields?: readonly Path<Values>[],
): number {
  let placed = 0;
  for (const [field, message] of Object.entries(fieldErrors(t, error))) {
    if (fields && !fields.includes(field as Path<Values>)) continue;
    setError(field as Path<Values>, { type: 'server', message });
    placed += 1;
  }
  return placed;
}

export { fieldMessage };
