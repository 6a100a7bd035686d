import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrors } from './api-error';

/**
 * A form's submit state: while `run` goes the form is busy; when it fails, the field errors (by pointer) and the
 * translated message of the whole failure are kept for the form to show.
 */
export function useFormSubmit() {
  const { t } = useTranslation('errors');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (run: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    setFailure(null);
    try {
      await run();
    } catch (error) {
      setErrors(fieldErrors(t, error));
      setFailure(apiErrorMessage(t, error));
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, errors, failure, submit };
}
