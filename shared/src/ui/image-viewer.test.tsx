// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveObjectURL } from 'node:buffer';
import { useReducer } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import {
  hasNextImage,
  hasPreviousImage,
  ImageViewerProvider,
  imageViewerReducer,
  initialImageViewerState,
  useImageViewer,
  type ImageViewerState,
  type ViewerImage,
} from './image-viewer';
import { downloadFileName, ImageViewerDialog } from './image-viewer-dialog';
import { LazyImageViewerDialog } from './lazy-image-viewer-dialog';

const image = (name: string): ViewerImage => ({ url: `/${name}.png`, thumbnailUrl: `/${name}-thumb.png` });
const images = [image('a'), image('b'), image('c')];
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
    const state = { ...opened, images: [image('a')], index: 0 };
    expect(hasPreviousImage(state)).toBe(false);
    expect(hasNextImage(state)).toBe(false);
  });
});

describe('downloadFileName', () => {
  it.each([
    { url: 'https://cdn.example/photos/b.png', type: 'image/png', expected: 'b.png' },
    { url: 'https://storage.example/v0/b/kiwi/o/events%2F12%2Fheader.jpg?alt=media', type: 'image/jpeg', expected: 'header.jpg' },
    { url: 'https://cdn.example/photos/12', type: 'image/jpeg', expected: '12.jpg' },
    { url: 'https://cdn.example/', type: 'image/svg+xml', expected: 'image.svg' },
    { url: 'data:image/png;base64,AAAA', type: 'image/png', expected: 'image.png' },
    { url: 'https://cdn.example/a%3Ab%0A.png', type: '', expected: 'a_b_.png' },
  ])('$url -> $expected', ({ url, type, expected }) => {
    expect(downloadFileName(url, type)).toBe(expected);
  });
});

describe('<ImageViewerProvider> rendered', () => {
  const i18n = createI18n({ lng: 'en' });
  const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(`common:${key}`, options);

  // A real image host on another origin than the page's: /cors/* may be fetched from the page, /plain/* may not.
  let server: Server;
  let origin = '';
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      requests.push(`${request.method} ${path}`);
      if (path.startsWith('/cors/')) response.setHeader('Access-Control-Allow-Origin', '*');
      if (request.method === 'OPTIONS') return response.writeHead(204).end();
      const name = /^\/(?:cors|plain)\/([abc])\.png$/.exec(path)?.[1];
      if (!name) return response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(`image-${name}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    cleanup();
    requests.length = 0;
    vi.restoreAllMocks();
  });

  const hosted = (folder: 'cors' | 'plain', name: string, title?: string): ViewerImage => ({
    url: `${origin}/${folder}/${name}.png`,
    thumbnailUrl: `${origin}/${folder}/${name}-thumb.png`,
    ...(title ? { title } : {}),
  });

  /** Renders the provider with a page that opens the viewer, as an app page would; resolves once the dialog shows. */
  async function renderOpening(request: { title: string; images: ViewerImage[]; index?: number }) {
    function Page() {
      const { openImageViewer } = useImageViewer();
      return (
        <button type="button" onClick={() => openImageViewer({ ...request, dialog: LazyImageViewerDialog })}>
          Show photos
        </button>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <ImageViewerProvider>
          <Page />
        </ImageViewerProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show photos' }));
    // The dialog is a lazily loaded chunk.
    await screen.findByRole('dialog');
  }

  const dialogElement = () => document.querySelector('dialog')!;
  const mainImage = () => dialogElement().querySelector<HTMLImageElement>('.kiwi-image-viewer__image');
  const previousButton = () => screen.getByRole('button', { name: t('imageViewer.previous') });
  const nextButton = () => screen.getByRole('button', { name: t('imageViewer.next') });
  const thumbnails = () => within(screen.getByRole('list', { name: t('imageViewer.thumbnails') })).getAllByRole('button');
  const selected = () => thumbnails().map((button) => button.getAttribute('aria-current'));

  // Built once the server knows its port.
  let photos: ViewerImage[] = [];
  beforeAll(() => {
    photos = [hosted('cors', 'a', 'Start line'), hosted('cors', 'b', 'Finish line'), hosted('cors', 'c')];
  });

  it('OPEN shows the image at the index, the viewer title and the item title', async () => {
    await renderOpening({ title: 'Walking event photos', images: photos, index: 1 });
    expect(dialogElement().open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Walking event photos Finish line' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Walking event photos' })).toBeTruthy();
    expect(mainImage()?.getAttribute('src')).toBe(photos[1]!.url);
    expect(mainImage()?.getAttribute('alt')).toBe('Finish line');
    expect(selected()).toEqual(['false', 'true', 'false']);
  });

  it('an item without a title shows only the viewer title', async () => {
    await renderOpening({ title: 'Walking event photos', images: photos, index: 2 });
    expect(screen.getByRole('dialog', { name: 'Walking event photos' })).toBeTruthy();
    expect(screen.queryByText('Finish line')).toBeNull();
    expect(mainImage()?.getAttribute('alt')).toBe(t('imageViewer.imageOf', { index: 3, count: 3 }));
  });

  it('the thumbnail strip shows the 40 px thumbnails, not the full images', async () => {
    await renderOpening({ title: 'Photos', images: photos });
    const sources = thumbnails().map((button) => button.querySelector('img')!);
    expect(sources.map((img) => img.getAttribute('src'))).toEqual(photos.map((photo) => photo.thumbnailUrl));
    expect(sources.map((img) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual(Array(3).fill(['40', '40']));
  });

  it('previous is disabled at the first image and next at the last', async () => {
    await renderOpening({ title: 'Photos', images: photos, index: 0 });
    expect(previousButton()).toHaveProperty('disabled', true);
    expect(nextButton()).toHaveProperty('disabled', false);

    fireEvent.click(nextButton());
    expect(mainImage()?.getAttribute('src')).toBe(photos[1]!.url);
    expect(previousButton()).toHaveProperty('disabled', false);
    expect(nextButton()).toHaveProperty('disabled', false);

    fireEvent.click(nextButton());
    expect(mainImage()?.getAttribute('src')).toBe(photos[2]!.url);
    expect(nextButton()).toHaveProperty('disabled', true);
    expect(previousButton()).toHaveProperty('disabled', false);
  });

  it('clicking a thumbnail selects and highlights it', async () => {
    await renderOpening({ title: 'Photos', images: photos, index: 0 });
    fireEvent.click(thumbnails()[2]!);
    expect(mainImage()?.getAttribute('src')).toBe(photos[2]!.url);
    expect(selected()).toEqual(['false', 'false', 'true']);
  });

  it('the arrow keys move between images and stop at the ends', async () => {
    await renderOpening({ title: 'Photos', images: photos, index: 2 });
    fireEvent.keyDown(mainImage()!, { key: 'ArrowRight' });
    expect(selected()).toEqual(['false', 'false', 'true']);
    fireEvent.keyDown(mainImage()!, { key: 'ArrowLeft' });
    expect(selected()).toEqual(['false', 'true', 'false']);
  });

  it('CLOSE (the close button or Escape) resets the viewer', async () => {
    await renderOpening({ title: 'Photos', images: photos, index: 1 });
    fireEvent.click(thumbnails()[2]!);
    fireEvent.click(screen.getByRole('button', { name: t('actions.close') }));
    expect(dialogElement().open).toBe(false);
    expect(dialogElement().childElementCount).toBe(0);

    // Opened again it shows what it is given, nothing left from before.
    fireEvent.click(screen.getByRole('button', { name: 'Show photos' }));
    expect(mainImage()?.getAttribute('src')).toBe(photos[1]!.url);
    // happy-dom does not turn Escape into the dialog's `cancel` event; the browser does, so the test does.
    fireEvent(dialogElement(), new Event('cancel', { cancelable: true }));
    expect(dialogElement().open).toBe(false);
  });

  it('SELECT out of range is ignored', () => {
    const viewerState: { current?: ImageViewerState } = {};
    function Harness() {
      const [state, dispatch] = useReducer(imageViewerReducer, { open: true, title: 'Photos', images: photos, index: 1 });
      viewerState.current = state;
      return (
        <I18nextProvider i18n={i18n}>
          <button type="button" onClick={() => dispatch({ type: 'SELECT', index: photos.length })}>
            Select past the end
          </button>
          <ImageViewerDialog
            state={state}
            onSelect={(index) => dispatch({ type: 'SELECT', index })}
            onClose={() => dispatch({ type: 'CLOSE' })}
          />
        </I18nextProvider>
      );
    }
    render(<Harness />);
    const before = viewerState.current;
    fireEvent.click(screen.getByRole('button', { name: 'Select past the end', hidden: true }));
    expect(viewerState.current).toBe(before);
    expect(mainImage()?.getAttribute('src')).toBe(photos[1]!.url);
    expect(selected()).toEqual(['false', 'true', 'false']);
  });

  describe('download', () => {
    type Saved = { href: string; download: string; content: Promise<string> | undefined };
    /** What the browser would save: the link the viewer clicks, and the bytes behind its object URL. */
    function recordDownloads(): Saved[] {
      const saved: Saved[] = [];
      const record = (event: Event) => {
        const link = event.target;
        if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
        saved.push({ href: link.href, download: link.download, content: resolveObjectURL(link.href)?.text() });
        event.preventDefault(); // happy-dom would navigate to it
      };
      document.addEventListener('click', record, true);
      return saved;
    }

    const downloadButton = () => screen.getByRole('button', { name: t('imageViewer.download') });

    it('fetches the current image from another origin and saves it as a blob', async () => {
      const saved = recordDownloads();
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      await renderOpening({ title: 'Photos', images: photos, index: 0 });
      fireEvent.click(thumbnails()[1]!);
      await act(async () => fireEvent.click(downloadButton()));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(requests).toContain('GET /cors/b.png');
      expect(saved[0]!.href).toMatch(/^blob:/);
      expect(saved[0]!.download).toBe('b.png');
      expect(await saved[0]!.content).toBe('image-b');
      expect(open).not.toHaveBeenCalled();
      await waitFor(() => expect(downloadButton()).toHaveProperty('disabled', false));
    });

    it.each([
      { why: 'the host does not allow the page to fetch it', photo: () => hosted('plain', 'a') },
      { why: 'the image answers an error', photo: () => hosted('cors', 'missing') },
    ])('opens the image in a new tab when $why', async ({ photo }) => {
      const saved = recordDownloads();
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { url } = photo();
      await renderOpening({ title: 'Photos', images: [photo()] });
      await act(async () => fireEvent.click(downloadButton()));

      await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer'));
      expect(saved).toEqual([]);
    });
  });
});
