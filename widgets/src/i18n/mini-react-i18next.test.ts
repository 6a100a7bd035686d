// @vitest-environment happy-dom
// useTranslation and I18nextProvider of mini-react-i18next on real React (the widget build runs them on preact/compat).
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement, memo, version } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../shared/src/i18n/create-i18n';
import { NAMESPACES, resources } from '../../../shared/src/i18n/resources';
import { createInstance, type TFunction } from './mini-i18next';
import { I18nextProvider, initReactI18next, useTranslation } from './mini-react-i18next';
import { loadWidgetI18n } from './widget-i18n';

afterEach(cleanup);

const real = { en: createI18n({ lng: 'en' }), ja: createI18n({ lng: 'ja' }) };
const expectedStatus = (lng: 'ja' | 'en') =>
  [
    real[lng].t('events:loading'),
    real[lng].t('errors:auth.unauthenticated'),
    real[lng].t('common:actions.ok'),
    real[lng].t('errors:validation.tooLong', { count: 4 }),
  ].join(' | ');

let renders = 0;
/** Like the shared components: a namespace array, bare keys in the first, prefixed keys in the others, i18n.language. */
function Status() {
  const { t, i18n, ready } = useTranslation(['events', 'errors']);
  renders += 1;
  return createElement(
    'p',
    { 'data-testid': 'status', lang: i18n.language, 'data-ready': String(ready) },
    [t('loading'), t('errors:auth.unauthenticated'), t('common:actions.ok'), t('errors:validation.tooLong', { count: 4 })].join(' | '),
  );
}

/** A memoised child that only gets `t`: it must still re-render when the language changes. */
const Cancel = memo(function Cancel({ t }: { t: TFunction }) {
  return createElement('span', { 'data-testid': 'cancel' }, t('common:actions.cancel'));
});
function WithCancel() {
  const { t } = useTranslation('common');
  return createElement(Cancel, { t });
}

describe('mini-react-i18next', () => {
  it('runs these tests on real React', () => {
    expect(version).toMatch(/^19\./);
  });

  it('renders translations of a namespace array through <I18nextProvider>', async () => {
    const i18n = await loadWidgetI18n('en', ['common', 'events', 'errors']);
    render(createElement(I18nextProvider, { i18n }, createElement(Status)));
    const status = screen.getByTestId('status');
    expect(status.textContent).toBe(expectedStatus('en'));
    expect(status.getAttribute('lang')).toBe('en');
    expect(status.getAttribute('data-ready')).toBe('true');
  });

  it('re-renders on changeLanguage, once the other language is loaded, memoised children too', async () => {
    const i18n = await loadWidgetI18n('en', ['common', 'events', 'errors']);
    render(createElement(I18nextProvider, { i18n }, createElement(Status), createElement(WithCancel)));
    expect(screen.getByTestId('cancel').textContent).toBe(real.en.t('common:actions.cancel'));
    const before = renders;
    await act(() => i18n.changeLanguage('ja'));
    expect(screen.getByTestId('status').textContent).toBe(expectedStatus('ja'));
    expect(screen.getByTestId('status').getAttribute('lang')).toBe('ja');
    expect(screen.getByTestId('cancel').textContent).toBe(real.ja.t('common:actions.cancel'));
    expect(renders).toBeGreaterThan(before);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('status').textContent).toBe(expectedStatus('en'));
  });

  it('loads a namespace the instance lacks, is not ready meanwhile, then re-renders', async () => {
    const i18n = await loadWidgetI18n('en', ['common']);
    function Survey() {
      const { t, ready } = useTranslation(['surveys', 'common']);
      return createElement('p', { 'data-testid': 'survey', 'data-ready': String(ready) }, t('answer.thanks'));
    }
    render(createElement(I18nextProvider, { i18n }, createElement(Survey)));
    expect(screen.getByTestId('survey').getAttribute('data-ready')).toBe('false');
    expect(await screen.findByText(real.en.t('surveys:answer.thanks'))).toBeTruthy();
    expect(screen.getByTestId('survey').getAttribute('data-ready')).toBe('true');
    expect(i18n.hasResourceBundle('ja', 'surveys')).toBe(false);
  });

  it('stops listening when unmounted', async () => {
    const i18n = await loadWidgetI18n('en', ['common', 'events', 'errors']);
    const { unmount } = render(createElement(I18nextProvider, { i18n }, createElement(Status)));
    unmount();
    const before = renders;
    await i18n.changeLanguage('ja');
    expect(renders).toBe(before);
  });

  it("takes the provider's defaultNS, and the instance given to initReactI18next outside a provider", async () => {
    function Plain() {
      const { t } = useTranslation();
      return createElement('span', { 'data-testid': 'plain' }, t('unexpected'));
    }
    const i18n = await loadWidgetI18n('en', ['errors']);
    render(createElement(I18nextProvider, { i18n, defaultNS: 'errors' }, createElement(Plain)));
    expect(screen.getByTestId('plain').textContent).toBe(real.en.t('errors:unexpected'));
    cleanup();

    const global = createInstance().use(initReactI18next);
    await global.init({
      resources,
      lng: 'ja',
      fallbackLng: 'ja',
      ns: NAMESPACES,
      defaultNS: 'errors',
      interpolation: { escapeValue: false },
    });
    render(createElement(Plain));
    expect(screen.getByTestId('plain').textContent).toBe(real.ja.t('errors:unexpected'));
  });
});
