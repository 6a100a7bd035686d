// A widget's states around its content, in one place: loading and error inside the translated frame, and the bare box
// shown before the translations are there (a spinner, or the built-in load-failed line).
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/mini-react-i18next';
import { loadFailedText } from '../load-failed';

export function Loading() {
  const { t } = useTranslation('widgets');
  return (
    <p role="status" className="kiwi-root__status">
      <span className="kiwi-root__spinner" aria-hidden="true" />
      {t('loading')}
    </p>
  );
}

export function ErrorState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="kiwi-root__error" part="error" role="alert">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** The widget's box before its translations have loaded: busy, or the load-failed line in `locale`'s language. */
export function UntranslatedState({ failed, locale, lang }: { failed: boolean; locale: string | undefined; lang?: string }) {
  return (
    <div className="kiwi-root" part="root" lang={lang} aria-busy={!failed}>
      {failed ? (
        <p className="kiwi-root__error" part="error" role="alert">
          {loadFailedText(locale)}
        </p>
      ) : (
        <div className="kiwi-root__spinner" />
      )}
    </div>
  );
}
