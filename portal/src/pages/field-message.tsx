import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A react-hook-form field's error: the server's translated text as is, a schema's error code translated here. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('errors');
  if (!error?.message) return null;
  return (
    <p id={id} className="field__error">
      {error.type === 'server' ? error.message : t(`errors:${error.message}`)}
    </p>
  );
}
