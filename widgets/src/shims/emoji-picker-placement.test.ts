// The widgets' emoji picker placement against @floating-ui/core itself with the middleware of
// shared/src/ui/emoji-picker-placement.tsx (top-start, offset(6), flip(), shift({ padding: 8 })), over triggers all over
// a clipping box (a scrolling chat log inside the viewport), popovers narrower and wider than it, near every edge.
import { computePosition, flip, offset, type Platform, shift } from '@floating-ui/core';
import { describe, expect, it } from 'vitest';
import { placePopover } from './emoji-picker-placement';

type Rect = { x: number; y: number; width: number; height: number };

/** floating-ui's answer for a trigger and a popover size inside a clipping box, all in viewport coordinates. */
async function floatingUi(anchor: Rect, popover: { width: number; height: number }, clip: Rect) {
  const platform: Platform = {
    getElementRects: ({ reference }) => ({ reference: reference as unknown as Rect, floating: { x: 0, y: 0, ...popover } }),
    getDimensions: () => popover,
    getClippingRect: () => clip,
  };
  return computePosition(anchor, {}, { platform, placement: 'top-start', middleware: [offset(6), flip(), shift({ padding: 8 })] });
}

const shim = (anchor: Rect, popover: { width: number; height: number }, clip: Rect, origin = { left: 0, top: 0 }) =>
  placePopover({ left: anchor.x, top: anchor.y, width: anchor.width, height: anchor.height }, popover, origin, {
    left: clip.x,
    top: clip.y,
    right: clip.x + clip.width,
    bottom: clip.y + clip.height,
  });

describe('placePopover (the widgets emoji picker placement)', () => {
  it('places as floating-ui does: above at the start, the other alignment, below, shifted 8 px inside', async () => {
    const clips: Rect[] = [
      { x: 0, y: 0, width: 400, height: 800 },
      // A chat log of a widget in the middle of the page, and a narrow one (320 px phone).
      { x: 40, y: 120, width: 600, height: 420 },
      { x: 16, y: 300, width: 288, height: 240 },
    ];
    const popovers = [
      { width: 306, height: 160 },
      { width: 306, height: 600 },
      { width: 700, height: 90 },
      { width: 20, height: 20 },
    ];
    const triggers = [
      { width: 36, height: 32 },
      { width: 60, height: 28 },
    ];
    let compared = 0;
    for (const clip of clips) {
      for (const popover of popovers) {
        for (const size of triggers) {
          for (let x = clip.x - 50; x <= clip.x + clip.width + 10; x += 23) {
            for (let y = clip.y - 40; y <= clip.y + clip.height + 10; y += 17) {
              const anchor = { x, y, ...size };
              const real = await floatingUi(anchor, popover, clip);
              const mine = shim(anchor, popover, clip);
              expect({ left: mine.left, top: mine.top, placement: mine.placement }, JSON.stringify({ anchor, popover, clip })).toEqual({
                left: real.x,
                top: real.y,
                placement: real.placement,
              });
              compared += 1;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it('uses the other alignment near the right edge, as floating-ui does, rather than only shifting', async () => {
    const clip = { x: 0, y: 0, width: 400, height: 800 };
    const anchor = { x: 300, y: 500, width: 36, height: 32 };
    expect(shim(anchor, { width: 300, height: 160 }, clip)).toEqual({ left: 36, top: 334, placement: 'top-end' });
    expect((await floatingUi(anchor, { width: 300, height: 160 }, clip)).placement).toBe('top-end');
  });

  it('flips below inside a clipping ancestor (the top of a scrolled chat log), not only at the viewport edge', async () => {
    const log = { x: 0, y: 300, width: 400, height: 300 };
    const anchor = { x: 20, y: 320, width: 36, height: 32 };
    expect(shim(anchor, { width: 306, height: 160 }, log)).toMatchObject({ placement: 'bottom-start', top: 358 });
    expect((await floatingUi(anchor, { width: 306, height: 160 }, log)).placement).toBe('bottom-start');
  });

  it('gives the position relative to the containing block', () => {
    const clip = { x: 0, y: 0, width: 400, height: 800 };
    expect(shim({ x: 40, y: 500, width: 36, height: 32 }, { width: 300, height: 160 }, clip, { left: 40, top: 500 })).toEqual({
      left: 0,
      top: -166,
      placement: 'top-start',
    });
  });
});
