import { describe, expect, it, vi } from 'vitest';
import { cancelActionOf, confirmButtonsDisabled, submitConfirm } from './confirm-dialog';

describe('cancelActionOf', () => {
  it('uses the cancel action when given', () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    cancelActionOf({ onCancel, onClose })();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
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
    await expect(
      submitConfirm({ onSubmit: () => Promise.reject(new Error('boom')), onClose, setSubmitting }),
    ).rejects.toThrow('boom');
    expect(onClose).not.toHaveBeenCalled();
    expect(setSubmitting.mock.calls).toEqual([[true], [false]]);
  });
});
