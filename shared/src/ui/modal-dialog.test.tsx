// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

afterEach(cleanup);

function Owner({ keepOpen }: { keepOpen: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <ModalDialog open={open} onCancel={() => !keepOpen && setOpen(false)} label="dialog">
      <p>content</p>
    </ModalDialog>
  );
}

describe('ModalDialog closed by the browser itself', () => {
  it('follows the owner when it agrees to close', async () => {
    const { container } = render(<Owner keepOpen={false} />);
    const dialog = container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    dialog.close();
    await waitFor(() => expect(container.textContent).not.toContain('content'));
    expect(dialog.open).toBe(false);
  });

  it('shows itself again when the owner keeps it open (e.g. while submitting)', async () => {
    const { container } = render(<Owner keepOpen />);
    const dialog = container.querySelector('dialog')!;
    dialog.close();
    await waitFor(() => expect(dialog.open).toBe(true));
    expect(container.textContent).toContain('content');
  });
});
