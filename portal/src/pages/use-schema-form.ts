import { useMutation } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage, showServerFieldErrors } from './form-errors';
import { apiErrorMessage } from './organization/api-error';
import { schemaResolver } from './user/schema-resolver';

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
