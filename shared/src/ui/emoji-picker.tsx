import { type CSSProperties, type KeyboardEvent, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICKER_EMOJI } from '../domain/emoji';
import type { EmojiPickerPlacementProps } from './emoji-picker-placement';
import { lazyOr } from './lazy-chunk';
import './emoji-picker.css';

const COLUMNS = 8;

/**
 * Positioning (flip and shift at the viewport's edges) and outside-press dismissal come from @floating-ui/react, which
 * is loaded only when a picker first opens: it is its own chunk, so a widget's first load does without it. The grid
 * itself is here and shows at once, above the trigger, so focus and the keys work before that chunk arrives.
 */
const loadPlacement = () => import('./emoji-picker-placement');
// Without the chunk (it failed to load) the grid stays where CSS puts it; the keys, Escape and the trigger still work.
const EmojiPickerPlacement = lazyOr<EmojiPickerPlacementProps>(loadPlacement, () => null);
/** Starts fetching the placement chunk (as soon as the picker is likely to open); a failure is the lazy part's to handle. */
const prefetchPlacement = () => void loadPlacement().catch(() => undefined);
const UNPLACED: CSSProperties = { position: 'absolute', left: 0, bottom: '100%', marginBottom: 6 };

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
 * Escape closes and gives focus back to the button; a press outside closes it.
 */
export function EmojiPicker({ onPick, label, disabled, triggerContent, emoji = PICKER_EMOJI }: EmojiPickerProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const [popover, setPopover] = useState<HTMLDivElement | null>(null);
  const [placement, setPlacement] = useState<CSSProperties | null>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const popoverId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only when the picker opens, not on every arrow key (those focus directly).
  useEffect(() => {
    if (open) items.current[active]?.focus();
    else setPlacement(null);
    // Focus only when opening; arrow keys move focus themselves.
  }, [open]);

  const dismiss = useCallback(() => setOpen(false), []);
  const close = () => {
    setOpen(false);
    trigger?.focus();
  };
  const pick = (item: string) => {
    onPick(item);
    close();
  };

  // On the whole picker, not only the grid: Escape also closes it when focus went back to the trigger (Shift+Tab).
  const onPickerKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow-key navigation among the picker's buttons, delegated to their container.
    <span className="kiwi-emoji-picker" onKeyDown={onPickerKeyDown}>
      <button
        ref={setTrigger}
        type="button"
        className="kiwi-emoji-picker__trigger"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        disabled={disabled}
        // Fetch the placement chunk as soon as the picker is likely to open.
        onPointerEnter={prefetchPlacement}
        onFocus={prefetchPlacement}
        onClick={() => setOpen((value) => !value)}
      >
        {triggerContent ?? (
          <span aria-hidden="true">
            😊<span className="kiwi-emoji-picker__plus">+</span>
          </span>
        )}
      </button>
      {open && (
        <div
          ref={setPopover}
          id={popoverId}
          role="dialog"
          className="kiwi-emoji-picker__popover"
          aria-label={label}
          style={placement ?? UNPLACED}
        >
          <div role="group" aria-label={t('emojiPicker.choices')} className="kiwi-emoji-picker__grid" onKeyDown={onGridKeyDown}>
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
      {open && trigger && popover && (
        <Suspense fallback={null}>
          <EmojiPickerPlacement reference={trigger} floating={popover} onPlace={setPlacement} onDismiss={dismiss} />
        </Suspense>
      )}
    </span>
  );
}
