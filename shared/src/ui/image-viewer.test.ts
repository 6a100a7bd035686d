import { describe, expect, it } from 'vitest';
import {
  hasNextImage,
  hasPreviousImage,
  imageViewerReducer,
  initialImageViewerState,
  type ImageViewerState,
} from './image-viewer';

const images = [{ url: '/a.png' }, { url: '/b.png' }, { url: '/c.png' }];
const opened: ImageViewerState = { open: true, title: 'Photos', images, index: 1 };

describe('imageViewerReducer', () => {
  it('OPEN sets title, images and index and opens', () => {
    expect(imageViewerReducer(initialImageViewerState, { type: 'OPEN', title: 'Photos', images, index: 1 })).toEqual(opened);
  });

  it.each([
    { index: 0, expected: 0 },
    { index: 2, expected: 2 },
    { index: 3, expected: 1 },
    { index: -1, expected: 1 },
  ])('SELECT $index moves only to an existing image (index $expected)', ({ index, expected }) => {
    expect(imageViewerReducer(opened, { type: 'SELECT', index }).index).toBe(expected);
  });

  it('SELECT out of range keeps the same state object', () => {
    expect(imageViewerReducer(opened, { type: 'SELECT', index: 9 })).toBe(opened);
  });

  it('CLOSE resets to the empty closed state', () => {
    expect(imageViewerReducer(opened, { type: 'CLOSE' })).toEqual({ open: false, title: '', images: [], index: 0 });
  });
});

describe('previous and next', () => {
  it.each([
    { index: 0, previous: false, next: true },
    { index: 1, previous: true, next: true },
    { index: 2, previous: true, next: false },
  ])('at index $index previous=$previous next=$next', ({ index, previous, next }) => {
    const state = { ...opened, index };
    expect(hasPreviousImage(state)).toBe(previous);
    expect(hasNextImage(state)).toBe(next);
  });

  it('a single image disables both', () => {
    const state = { ...opened, images: [{ url: '/a.png' }], index: 0 };
    expect(hasPreviousImage(state)).toBe(false);
    expect(hasNextImage(state)).toBe(false);
  });
});
