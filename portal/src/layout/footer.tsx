import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@kiwi/shared/i18n/languages';
import type { Language } from '../i18n/language';
import { useChooseLanguage } from '../i18n/use-choose-language';

// SPEC §2 names the two links but not their hosts (recorded in docs/decisions.md).
export const COMPANY_OVERVIEW_URL = 'https://kiwi.example/company';
export const PRIVACY_POLICY_URL = 'https://kiwi.example/privacy';

export function Footer() {
  const { t } = useTranslation('portal');
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label={t('footer.label')}>
        <a href={COMPANY_OVERVIEW_URL} target="_blank" rel="noopener noreferrer">
          {t('footer.companyOverview')}
        </a>
        <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
          {t('footer.privacyPolicy')}
        </a>
      </nav>
      <LanguageSwitch />
      <small className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</small>
    </footer>
  );
}

/** Changes the interface language and remembers it for this device and, when signed in, for the user. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const chooseLanguage = useChooseLanguage();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={i18n.language} onChange={(event) => chooseLanguage(event.target.value as Language)}>
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
