import { payloadResolver } from '@kiwi/shared/forms/schema-resolver';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';

type Options<Values extends FieldValues> = {
  /** The filters in effect (the URL's or the page's): the form starts from them and follows them when they change. */
  applied: Values;
  /** The list's query schema of the API: it judges `toQuery(draft)`, so a filter the API would refuse is said here. */
  schema: Parameters<typeof payloadResolver<Values>>[0];
  /** The draft as the API's query (blank filters left out, text trimmed as the API trims it). */
  toQuery: (values: Values) => unknown;
  /** Applies the draft (sets the URL or the page's filters, back to page 1). */
  onApply: (values: Values) => void;
};

/**
 * The one way a list's filter form works: react-hook-form holds the draft, the API's query schema judges it (its issues
 * under the fields of the same names), and submitting applies it. The draft follows the applied filters (back and
 * forward, the reset button).
 */
export function useFilterForm<Values extends FieldValues>({ applied, schema, toQuery, onApply }: Options<Values>) {
  const form = useForm<Values>({
    resolver: payloadResolver<Values>(schema, toQuery),
    defaultValues: applied as DefaultValues<Values>,
  });
  const key = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters it was made from
  useEffect(() => form.reset(applied), [key]);
  return { form, register: form.register, errors: form.formState.errors, onSubmit: form.handleSubmit(onApply) };
}
