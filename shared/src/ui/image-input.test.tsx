// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { FeatureProvider } from '../features/feature-context';
import { createI18n } from '../i18n/create-i18n';
import { checkImageFiles, ImageInput, MAX_IMAGE_BYTES } from './image-input';

afterEach(cleanup);

describe('checkImageFiles', () => {
  it.each([
    [[], null],
    [[{ type: 'image/png', size: 10 }], null],
    [[{ type: 'image/webp', size: MAX_IMAGE_BYTES }], null],
    [
      [
        { type: 'image/png', size: 1 },
        { type: 'image/png', size: 1 },
      ],
      'validation.oneImage',
    ],
    [[{ type: 'application/pdf', size: 10 }], 'validation.imageOnly'],
    [[{ type: 'image/svg+xml', size: 10 }], 'validation.imageOnly'],
    [[{ type: 'image/jpeg', size: 20 * 1024 * 1024 }], 'validation.imageTooLarge'],
  ])('%j -> %s', (files, expected) => {
    expect(checkImageFiles(files)).toBe(expected);
  });
});

function renderInput(fetch: typeof globalThis.fetch, resolveUrl?: (url: string) => string) {
  const i18n = createI18n({ lng: 'en' });
  const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch });
  function Harness() {
    const [value, setValue] = useState<string | null>(null);
    return (
      <>
        <ImageInput value={value} onChange={setValue} label="Header image" />
        <output data-testid="value">{value ?? 'none'}</output>
      </>
    );
  }
  return render(
    <I18nextProvider i18n={i18n}>
      <FeatureProvider value={{ api, viewer: null, navigate: () => undefined, ...(resolveUrl ? { resolveUrl } : {}) }}>
        <Harness />
      </FeatureProvider>
    </I18nextProvider>,
  );
}

describe('ImageInput', () => {
  it('uploads the picked image and shows its preview', async () => {
    const calls: string[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method} ${String(input)} ${init?.body instanceof FormData}`);
      return new Response(
        JSON.stringify({
          data: { type: 'images', id: 'k', attributes: { url: '/api/images/k', 'content-type': 'image/png', 'byte-size': 3 } },
        }),
        {
          status: 201,
          headers: { 'content-type': 'application/vnd.api+json' },
        },
      );
    }) as typeof globalThis.fetch;
    renderInput(fetch);
    fireEvent.change(screen.getByLabelText('Header image'), { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('/api/images/k'));
    expect(calls).toEqual(['POST http://kiwi.test/api/images true']);
    expect(screen.getByAltText('Preview of Header image').getAttribute('src')).toBe('/api/images/k');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByTestId('value').textContent).toBe('none');
  });

  it("keeps the API's relative URL as the value but loads the preview through the host's resolveUrl", async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ data: { type: 'images', id: 'k', attributes: { url: '/api/images/k' } } }), {
        status: 201,
        headers: { 'content-type': 'application/vnd.api+json' },
      })) as typeof globalThis.fetch;
    renderInput(fetch, (url) => `https://api.example${url}`);
    fireEvent.change(screen.getByLabelText('Header image'), { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('/api/images/k'));
    expect(screen.getByAltText('Preview of Header image').getAttribute('src')).toBe('https://api.example/api/images/k');
  });

  it('says "Choose an image file" and uploads nothing for another kind of file', async () => {
    let called = false;
    renderInput((async () => {
      called = true;
      return new Response('{}');
    }) as typeof globalThis.fetch);
    fireEvent.change(screen.getByLabelText('Header image'), {
      target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an image file');
    expect(called).toBe(false);
  });

  it("shows the server's translated refusal", async () => {
    renderInput(
      (async () =>
        new Response(JSON.stringify({ errors: [{ status: '422', code: 'validation.imageOnly', detail: 'Choose an image file' }] }), {
          status: 422,
          headers: { 'content-type': 'application/vnd.api+json' },
        })) as typeof globalThis.fetch,
    );
    fireEvent.change(screen.getByLabelText('Header image'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an image file');
  });
});
