// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import {
  cancelActionOf,
  ConfirmDialogProvider,
  confirmButtonsDisabled,
  submitConfirm,
  useConfirm,
  type ConfirmRequest,
} from './confirm-dialog';

afterEach(cleanup);

describe('cancelActionOf', () => {
  it('runs the cancel action when given, then closes', () => {
    const calls: string[] = [];
    cancelActionOf({ onCancel: () => calls.push('cancel'), onClose: () => calls.push('close') })();
    expect(calls).toEqual(['cancel', 'close']);
  });

  it('falls back to the close action without one', () => {
    const onClose = vi.fn();
    cancelActionOf({ onClose })();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('confirmButtonsDisabled', () => {
  it.each([
    { disabled: undefined, submitting: false, expected: false },
    { disabled: true, submitting: false, expected: true },
    { disabled: false, submitting: true, expected: true },
    { disabled: true, submitting: true, expected: true },
  ])('disabled=$disabled submitting=$submitting -> $expected', ({ disabled, submitting, expected }) => {
    expect(confirmButtonsDisabled({ disabled, submitting })).toBe(expected);
  });
});

describe('submitConfirm', () => {
  it('disables the buttons while submitting and closes after success', async () => {
    const events: string[] = [];
    let finish: () => void = () => undefined;
    const pending = submitConfirm({
      onSubmit: () => new Promise<void>((resolve) => (finish = resolve)),
      onClose: () => events.push('close'),
      setSubmitting: (submitting) => events.push(`submitting:${submitting}`),
    });
    expect(events).toEqual(['submitting:true']);
    finish();
    await pending;
    expect(events).toEqual(['submitting:true', 'submitting:false', 'close']);
  });

  it('stays open and re-enables the buttons when the submit fails', async () => {
    const onClose = vi.fn();
    const setSubmitting = vi.fn();
    await expect(submitConfirm({ onSubmit: () => Promise.reject(new Error('boom')), onClose, setSubmitting })).rejects.toThrow('boom');
    expect(onClose).not.toHaveBeenCalled();
    expect(setSubmitting.mock.calls).toEqual([[true], [false]]);
  });
});

describe('<ConfirmDialogProvider> rendered', () => {
  const i18n = createI18n({ lng: 'en' });
  const CANCEL = i18n.t('common:actions.cancel');
  const OK = i18n.t('common:actions.ok');

  /** Renders the provider with a button that asks for confirmation, as an app page would. */
  function renderAsking(request: Partial<ConfirmRequest>) {
    function Page() {
      const confirm = useConfirm();
      return (
        <button
          type="button"
          onClick={() => confirm({ title: 'Delete the post?', body: 'It cannot be undone.', onSubmit: () => undefined, ...request })}
        >
          Delete
        </button>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <ConfirmDialogProvider>
          <Page />
        </ConfirmDialogProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  }

  const dialogElement = () => document.querySelector('dialog')!;
  const isOpen = () => dialogElement().open;
  const cancelButton = () => screen.getByRole('button', { name: CANCEL });
  const okButton = () => screen.getByRole('button', { name: OK });
  // happy-dom does not turn an Escape key press into the dialog's `cancel` event; the browser does, so the test does.
  const pressEscape = () => fireEvent(dialogElement(), new Event('cancel', { cancelable: true }));

  /** A submit action the test settles itself. */
  function deferredSubmit() {
    const handle = { resolve: () => undefined as void, reject: (_error: Error) => undefined as void };
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          handle.resolve = resolve;
          handle.reject = reject;
        }),
    );
    return { onSubmit, handle };
  }

  it('opens modally with the title as its name and the body', () => {
    renderAsking({});
    expect(isOpen()).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Delete the post?' });
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('It cannot be undone.'));
    expect(screen.getByRole('heading', { name: 'Delete the post?' })).toBeTruthy();
    expect(cancelButton()).toHaveProperty('disabled', false);
    expect(okButton()).toHaveProperty('disabled', false);
  });

  it('Cancel without a cancel action closes', () => {
    const onClose = vi.fn();
    renderAsking({ onClose });
    fireEvent.click(cancelButton());
    expect(isOpen()).toBe(false);
    expect(screen.queryByText('Delete the post?')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Cancel with a cancel action runs it and closes', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn();
    renderAsking({ onCancel, onSubmit });
    fireEvent.click(cancelButton());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(isOpen()).toBe(false);
    expect(screen.queryByText('Delete the post?')).toBeNull();
  });

  it('Escape without a cancel action closes', () => {
    renderAsking({});
    pressEscape();
    expect(isOpen()).toBe(false);
  });

  it('Escape with a cancel action runs it and closes', () => {
    const onCancel = vi.fn();
    renderAsking({ onCancel });
    pressEscape();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(isOpen()).toBe(false);
  });

  it('OK runs the submit with both buttons disabled while it is pending, and closes after it succeeds', async () => {
    const { onSubmit, handle } = deferredSubmit();
    renderAsking({ onSubmit });
    fireEvent.click(okButton());
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(cancelButton()).toHaveProperty('disabled', true);
    expect(okButton()).toHaveProperty('disabled', true);
    // Escape is ignored while submitting.
    pressEscape();
    expect(isOpen()).toBe(true);

    await act(async () => handle.resolve());
    expect(isOpen()).toBe(false);
    expect(screen.queryByText('Delete the post?')).toBeNull();
  });

  it('stays open with the buttons enabled again after the submit fails', async () => {
    const { onSubmit, handle } = deferredSubmit();
    const onCancel = vi.fn();
    renderAsking({ onSubmit, onCancel });
    fireEvent.click(okButton());
    expect(okButton()).toHaveProperty('disabled', true);

    await act(async () => handle.reject(new Error('The server refused')));
    expect(isOpen()).toBe(true);
    expect(cancelButton()).toHaveProperty('disabled', false);
    expect(okButton()).toHaveProperty('disabled', false);

    // And it can still be cancelled.
    fireEvent.click(cancelButton());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(isOpen()).toBe(false);
  });

  it('disables both buttons together when asked', () => {
    renderAsking({ disabled: true });
    expect(cancelButton()).toHaveProperty('disabled', true);
    expect(okButton()).toHaveProperty('disabled', true);
  });
});
