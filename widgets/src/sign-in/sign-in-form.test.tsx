// @vitest-environment happy-dom
// The widgets' sign-in form on react-hook-form (the stand-in, as vitest.config.ts aliases it like the build): the
// fields are checked before Firebase is asked, each error is tied to its field, and focus goes to the first of them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/validation.json' with { type: 'json' };
import { I18nextProvider } from '../i18n/mini-react-i18next';
import { loadWidgetI18n } from '../i18n/widget-i18n';
import { SignInForm, signInResolver } from './sign-in-form';

afterEach(cleanup);

async function renderForm() {
  const i18n = await loadWidgetI18n('en', ['widgets', 'errors']);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <SignInForm problem="Your sign-in has expired" portalLoginUrl="https://portal.example/user/login" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('form', { name: 'Sign in to Kiwi' });
}
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
};

describe('SignInForm', () => {
  it('requires both fields: each error is described by its field, and focus goes to the email', async () => {
    await renderForm();
    expect(screen.getByRole('alert').textContent).toBe('Your sign-in has expired');
    await submit();
    for (const name of ['Email address', 'Password']) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent).toBe(en.required);
    }
    expect(document.activeElement).toBe(field('Email address'));
    // After a submit each field is checked again as it is typed.
    await act(async () => {
      fireEvent.change(field('Password'), { target: { value: 'secret' } });
    });
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
    expect(field('Password').getAttribute('aria-describedby')).toBeNull();
    expect(field('Email address').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a malformed email and focuses it, the password being given', async () => {
    await renderForm();
    await act(async () => {
      fireEvent.change(field('Email address'), { target: { value: ' taro@example ' } });
      fireEvent.change(field('Password'), { target: { value: 'secret' } });
    });
    await submit();
    expect(screen.getByText(en.invalidEmail)).toBeTruthy();
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Email address'));
  });

  it('hands Firebase the trimmed email (the resolver)', async () => {
    const resolve = signInResolver((key) => key);
    expect(await resolve({ email: ' taro@example.com ', password: 'p w' }, undefined, {} as never)).toEqual({
      values: { email: 'taro@example.com', password: 'p w' },
      errors: {},
    });
    expect(await resolve({ email: '', password: '' }, undefined, {} as never)).toEqual({
      values: {},
      errors: {
        email: { type: 'validation.required', message: 'errors:validation.required' },
        password: { type: 'validation.required', message: 'errors:validation.required' },
      },
    });
  });
});
