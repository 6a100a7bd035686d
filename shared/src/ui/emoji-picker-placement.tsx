// The emoji picker's positioning and outside-press dismissal, with @floating-ui/react: its own chunk, imported by
// emoji-picker.tsx only when a picker first opens (the widgets' first load stays without floating-ui).
import { autoUpdate, flip, offset, shift, useDismiss, useFloating } from '@floating-ui/react';
import { type CSSProperties, useLayoutEffect } from 'react';

export type EmojiPickerPlacementProps = {
  reference: HTMLElement;
  floating: HTMLElement;
  /** The popover's computed position (above the trigger, flipped below or shifted when there is no room). */
  onPlace: (style: CSSProperties) => void;
  /** A press outside the trigger and the popover (Escape is the picker's own, which gives focus back). */
  onDismiss: () => void;
};

/** Renders nothing: positions `floating` next to `reference` while mounted and reports presses outside both. */
export default function EmojiPickerPlacement({ reference, floating, onPlace, onDismiss }: EmojiPickerPlacementProps) {
  const { floatingStyles, context, isPositioned } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onDismiss();
    },
    elements: { reference, floating },
    placement: 'top-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  // Listens on the document; inside a shadow root it reads the event's composed path, so presses inside still count.
  useDismiss(context, { escapeKey: false });
  useLayoutEffect(() => {
    if (isPositioned) onPlace(floatingStyles);
  }, [isPositioned, floatingStyles, onPlace]);
  return null;
}
