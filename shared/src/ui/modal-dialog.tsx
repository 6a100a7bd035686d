import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape asks `onCancel`, and the browser returns focus to the element that opened it.
 */
export function ModalDialog({
  open,
  onCancel,
  className,
  labelledBy,
  label,
  children,
  closeOnBackdrop = false,
}: {
  open: boolean;
  onCancel: () => void;
  className?: string;
  /** The accessible name: the id of a heading inside, or a label when there is none. */
  labelledBy?: string;
  label?: string;
  children: ReactNode;
  /** A click on the backdrop (outside the dialog's content box) asks `onCancel` too. */
  closeOnBackdrop?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is listed so the effect re-runs if a caller swaps the element.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, ref]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard has Escape, which <dialog> handles itself.
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(event) => {
        // Keep the dialog under React's control: Escape asks, the owner decides.
        event.preventDefault();
        onCancel();
      }}
      onClose={() => {
        // The browser may close a modal dialog itself (a repeated Escape). Ask the owner; if it keeps the dialog open
        // (say, while submitting), show it again so the page never holds an open dialog nobody can see.
        if (!open) return;
        onCancel();
        setTimeout(() => {
          const dialog = ref.current;
          if (openRef.current && dialog && !dialog.open) dialog.showModal();
        });
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCancel();
      }}
    >
      {open && children}
    </dialog>
  );
}
