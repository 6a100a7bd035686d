// The widgets' emoji picker placement, in place of shared/src/ui/emoji-picker-placement.tsx (the widget build aliases
// it here): the same placement as its @floating-ui/react setup (top-start, offset 6, flip, shift with 8 px padding,
// autoUpdate, outside-press dismissal) without @floating-ui (9 KB gzip). emoji-picker-placement.test.ts compares
// placePopover with @floating-ui/core's computePosition over many cases. Left out: right-to-left text (the widgets'
// languages are left-to-right) and visual-viewport offsets of a pinch-zoomed page.
import { useLayoutEffect } from 'react';
// The props of the component this replaces (a type only: nothing of floating-ui comes along).
import type { EmojiPickerPlacementProps } from '@kiwi/shared/ui/emoji-picker-placement';

/** offset(6) */
const GAP = 6;
/** shift({ padding: 8 }) */
const PADDING = 8;

type Box = { left: number; top: number; right: number; bottom: number };
type Placement = 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';
/** flip()'s order for 'top-start' (flipAlignment: the other alignment, then the opposite side). */
const PLACEMENTS: readonly Placement[] = ['top-start', 'top-end', 'bottom-start', 'bottom-end'];

/**
 * Where the popover goes, relative to its containing block (`origin`: the padding box's top left corner, in viewport
 * terms), for a trigger (`anchor`) and a popover size, inside `clip` (the viewport cut by every clipping ancestor).
 * flip(): the first placement that overflows on no side, else the one fitting on its main side with the least
 * overflow across, else the least overflow in all; then shift() keeps it 8 px inside horizontally.
 */
export function placePopover(
  anchor: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  popover: Pick<DOMRect, 'width' | 'height'>,
  origin: Pick<DOMRect, 'left' | 'top'>,
  clip: Box,
): { left: number; top: number; placement: Placement } {
  const coordinates = (placement: Placement) => {
    const [side, alignment] = placement.split('-');
    return {
      x: alignment === 'start' ? anchor.left : anchor.left + anchor.width - popover.width,
      y: side === 'top' ? anchor.top - popover.height - GAP : anchor.top + anchor.height + GAP,
    };
  };
  const tried: { placement: Placement; overflows: [number, number, number] }[] = [];
  let chosen: Placement | undefined;
  for (const placement of PLACEMENTS) {
    const { x, y } = coordinates(placement);
    const overflow = {
      top: clip.top - y,
      bottom: y + popover.height - clip.bottom,
      left: clip.left - x,
      right: x + popover.width - clip.right,
    };
    // getAlignmentSides: the side the alignment points to first (flipped when the trigger is wider than the popover).
    let alignmentSide: 'left' | 'right' = placement.endsWith('start') ? 'right' : 'left';
    if (anchor.width > popover.width) alignmentSide = alignmentSide === 'right' ? 'left' : 'right';
    const overflows: [number, number, number] = [
      overflow[placement.startsWith('top') ? 'top' : 'bottom'],
      overflow[alignmentSide],
      overflow[alignmentSide === 'right' ? 'left' : 'right'],
    ];
    tried.push({ placement, overflows });
    if (overflows.every((value) => value <= 0)) {
      chosen = placement;
      break;
    }
  }
  chosen ??=
    tried.filter((entry) => entry.overflows[0] <= 0).sort((a, b) => a.overflows[1] - b.overflows[1])[0]?.placement ??
    tried
      .map((entry) => ({
        placement: entry.placement,
        total: entry.overflows.filter((value) => value > 0).reduce((sum, value) => sum + value, 0),
      }))
      .sort((a, b) => a.total - b.total)[0]!.placement;
  const { x, y } = coordinates(chosen);
  const left = Math.max(clip.left + PADDING, Math.min(x, clip.right - PADDING - popover.width));
  return { left: left - origin.left, top: y - origin.top, placement: chosen };
}

const parentOf = (node: Node): Node | null =>
  node instanceof ShadowRoot ? node.host : ((node as Element).assignedSlot ?? node.parentNode);

/** The ancestors that clip or scroll (crossing shadow roots), as floating-ui's getOverflowAncestors finds them. */
export function overflowAncestors(element: Element): Element[] {
  const found: Element[] = [];
  for (let node = parentOf(element); node; node = parentOf(node)) {
    if (!(node instanceof Element) || node === document.body || node === document.documentElement) continue;
    const style = getComputedStyle(node);
    if (
      /auto|scroll|overlay|hidden|clip/.test(style.overflow + style.overflowY + style.overflowX) &&
      !['inline', 'contents'].includes(style.display)
    )
      found.push(node);
  }
  return found;
}

/** The viewport cut by the inner boxes of the clipping ancestors (floating-ui's clippingAncestors boundary). */
function clippingBox(ancestors: readonly Element[]): Box {
  const html = document.documentElement;
  const box: Box = { left: 0, top: 0, right: html.clientWidth, bottom: html.clientHeight };
  for (const ancestor of ancestors) {
    const rect = ancestor.getBoundingClientRect();
    const left = rect.left + ancestor.clientLeft;
    const top = rect.top + ancestor.clientTop;
    box.left = Math.max(box.left, left);
    box.top = Math.max(box.top, top);
    box.right = Math.min(box.right, left + ancestor.clientWidth);
    box.bottom = Math.min(box.bottom, top + ancestor.clientHeight);
  }
  return box;
}

/** Renders nothing: positions `floating` next to `reference` while mounted and reports presses outside both. */
export default function EmojiPickerPlacement({ reference, floating, onPlace, onDismiss }: EmojiPickerPlacementProps) {
  useLayoutEffect(() => {
    let frame = 0;
    const ancestors = overflowAncestors(floating);
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const container = (floating.offsetParent as HTMLElement | null) ?? document.documentElement;
        const rect = container.getBoundingClientRect();
        const origin = {
          left: rect.left + container.clientLeft - container.scrollLeft,
          top: rect.top + container.clientTop - container.scrollTop,
        };
        const { left, top } = placePopover(
          reference.getBoundingClientRect(),
          floating.getBoundingClientRect(),
          origin,
          clippingBox(ancestors),
        );
        onPlace({ position: 'absolute', left, top });
      });
    };
    // The press's composed path reaches inside the shadow root, so presses on the picker itself do not count.
    const onPointerDown = (event: PointerEvent) => {
      const path = event.composedPath();
      if (!path.includes(reference) && !path.includes(floating)) onDismiss();
    };
    place();
    // As autoUpdate: scrolls of the page and of every scrolling ancestor (a scroll inside a shadow root does not reach
    // the window), resizes of the page, the trigger and the popover.
    const scrollers: EventTarget[] = [window, ...ancestors];
    for (const target of scrollers) target.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    const resizes = new ResizeObserver(place);
    resizes.observe(reference);
    resizes.observe(floating);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      cancelAnimationFrame(frame);
      for (const target of scrollers) target.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      resizes.disconnect();
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [reference, floating, onPlace, onDismiss]);
  return null;
}
