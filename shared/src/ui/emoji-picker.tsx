import { autoUpdate, flip, offset, shift, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICKER_EMOJI } from '../domain/emoji';
import './emoji-picker.css';

const COLUMNS = 8;

/** Where focus moves in the grid for a key, or null when the key is not a grid key. */
export function nextEmojiIndex(key: string, index: number, count: number, columns = COLUMNS): number | null {
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export type EmojiPickerProps = {
  onPick: (emoji: string) => void;
  /** The trigger button's accessible name ("Add a reaction"). */
  label: string;
  disabled?: boolean;
  /** Shown on the trigger; a smiley with a plus by default. */
  triggerContent?: ReactNode;
  emoji?: readonly string[];
};

/**
 * A button that opens a grid of emoji next to it. The popover renders inline, beside the button (no portal to
 * document.body), so it works inside a widget's shadow root. Arrow keys, Home and End move, Enter or Space picks,
 * Escape closes and gives focus back to the button.
 */
export function EmojiPicker({ onPick, label, disabled, triggerContent, emoji = PICKER_EMOJI }: EmojiPickerProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const gridId = useId();

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'top-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'dialog' });
  const { getReferenceProps, getFloatingProps } = useInteractions([dismiss, role]);

  useEffect(() => {
    if (open) items.current[active]?.focus();
    // Focus only when opening; arrow keys move focus themselves.
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const pick = (item: string) => {
    onPick(item);
    close();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Enter') {
      // Handled here rather than by the button's native click, so a picked emoji never also submits a form around it.
      event.preventDefault();
      const picked = emoji[active];
      if (picked) pick(picked);
      return;
    }
    const next = nextEmojiIndex(event.key, active, emoji.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    items.current[next]?.focus();
  };

  return (
    <span className="kiwi-emoji-picker">
      <button
        type="button"
        className="kiwi-emoji-picker__trigger"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={disabled}
        {...getReferenceProps({
          ref: (node: HTMLButtonElement | null) => {
            trigger.current = node;
            refs.setReference(node);
          },
          onClick: () => setOpen((value) => !value),
        })}
      >
        {triggerContent ?? (
          <span aria-hidden="true">
            😊<span className="kiwi-emoji-picker__plus">+</span>
          </span>
        )}
      </button>
      {open && (
        <div
          className="kiwi-emoji-picker__popover"
          aria-label={label}
          {...getFloatingProps({ ref: refs.setFloating, style: floatingStyles })}
        >
          <div id={gridId} role="group" aria-label={t('emojiPicker.choices')} className="kiwi-emoji-picker__grid" onKeyDown={onGridKeyDown}>
            {emoji.map((item, index) => (
              <button
                key={item}
                type="button"
                ref={(node) => {
                  items.current[index] = node;
                }}
                className="kiwi-emoji-picker__item"
                tabIndex={index === active ? 0 : -1}
                aria-label={item}
                onFocus={() => setActive(index)}
                onClick={() => pick(item)}
              >
                {item}
              </button>
            ))}
          </div>
        </div>
      )}
    </span>
  );
}
