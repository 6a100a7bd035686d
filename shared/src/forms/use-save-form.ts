import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/toast';
import { showResponseFieldErrors } from './schema-resolver';

/**
 * A create-or-edit form's save (the event and guild forms): `send` creates or updates, then `invalidate` is refetched,
 * `done` toasted and the saved id handed to `onDone`; a 422's field errors land under `fields`, any other failure stays
 * the mutation's error (the form's alert). `submit` forgets the last failure first: the alert says only what this one found.
 */
export function useSaveForm<Values extends FieldValues, Saved extends { id: string }>({
  form: { handleSubmit, setError },
  fields,
  send,
  invalidate,
  done,
  onDone,
}: {
  form: Pick<UseFormReturn<Values>, 'handleSubmit' | 'setError'>;
  fields: readonly Path<Values>[];
  send: (values: Values) => Promise<Saved>;
  invalidate: QueryKey;
  done: string;
  onDone: (id: string) => void;
}) {
  const { t } = useTranslation(['errors']);
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const saved = await send(values);
      await queryClient.invalidateQueries({ queryKey: invalidate });
      return saved;
    },
    onSuccess: (saved) => {
      showToast(done, 'success');
      onDone(saved.id);
    },
    onError: (error) => showResponseFieldErrors(t, error, setError, fields),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    save.reset();
    return handleSubmit((values) => save.mutate(values))(event);
  };
  return { save, submit };
}
