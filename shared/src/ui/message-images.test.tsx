// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { FeatureProvider } from '../features/feature-context';
import { createI18n } from '../i18n/create-i18n';
import { ImageViewerProvider } from './image-viewer';
import { MessageImages } from './message-images';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => null, fetch: globalThis.fetch });
const show = (urls: string[], resolveUrl?: (url: string) => string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ImageViewerProvider>
        <FeatureProvider value={{ api, viewer: null, navigate: () => undefined, ...(resolveUrl ? { resolveUrl } : {}) }}>
          <MessageImages urls={urls} authorName="Aiko" size="tile" />
        </FeatureProvider>
      </ImageViewerProvider>
    </I18nextProvider>,
  );

describe('<MessageImages>', () => {
  it('renders nothing for a message without images', () => {
    show([]);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('opens the shared image viewer at the image pressed, titled with the author', async () => {
    show(['/a.png', '/b.png']);
    const buttons = screen.getAllByRole('button', { name: /Open image/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Open image 1 of 2', 'Open image 2 of 2']);
    // Without a resolver the URLs stay as the API gave them (the portal is on the API's origin).
    expect(buttons[0]!.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    fireEvent.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: /Images from Aiko/ })).toBeTruthy();
  });

  it("loads the thumbnails and the viewer's images through the host's resolveUrl (a widget on another origin)", async () => {
    show(['/api/images/a', '/api/images/b'], (url) => `https://api.example${url}`);
    const buttons = screen.getAllByRole('button', { name: /Open image/ });
    expect(buttons.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual([
      'https://api.example/api/images/a',
      'https://api.example/api/images/b',
    ]);
    fireEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog', { name: /Images from Aiko/ });
    const sources = [...dialog.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((source) => source?.startsWith('https://api.example/api/images/'))).toBe(true);
    expect(within(dialog).getByRole('img', { name: /2/ }).getAttribute('src')).toBe('https://api.example/api/images/b');
  });
});
