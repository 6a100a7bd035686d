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

function renderInput(fetch: typeof globalThis.fetch, resolveUrl?: (url: string) => string, lng: 'ja' | 'en' = 'en') {
  const i18n = createI18n({ lng });
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

  const uploaded = (async () =>
    new Response(JSON.stringify({ data: { type: 'images', id: 'k', attributes: { url: '/api/images/k' } } }), {
      status: 201,
      headers: { 'content-type': 'application/vnd.api+json' },
    })) as typeof globalThis.fetch;

  it.each([
    ['en', 'Choose image', 'No image chosen'],
    ['ja', '画像を選ぶ', '画像が選ばれていません'],
  ] as const)("labels its own picker in the page's language (%s), not the browser's", (lng, choose, none) => {
    renderInput(uploaded, undefined, lng);
    const button = screen.getByRole('button', { name: choose });
    expect(button.className).toContain('kiwi-button');
    expect(screen.getByText(none)).toBeTruthy();
    // The button is described by the field's label and by what is chosen; the native input keeps the label as its name.
    const described = (button.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described.slice(0, 2)).toEqual(['Header image', none]);
    expect(screen.getByLabelText('Header image').getAttribute('type')).toBe('file');
  });

  it('opens the native input from the button, which keyboard users reach instead of the input', () => {
    renderInput(uploaded);
    const button = screen.getByRole('button', { name: 'Choose image' });
    const input = screen.getByLabelText('Header image') as HTMLInputElement;
    // One tab stop: a native <button> (Enter and Space press it), the file input out of the tab order.
    expect([button.tagName, button.getAttribute('type'), button.tabIndex, input.tabIndex]).toEqual(['BUTTON', 'button', 0, -1]);
    button.focus();
    expect(document.activeElement).toBe(button);
    let opened = 0;
    input.addEventListener('click', () => opened++);
    fireEvent.click(button);
    expect(opened).toBe(1);
  });

  it("shows the chosen file's name once uploaded, and no image again after removing it", async () => {
    renderInput(uploaded);
    fireEvent.change(screen.getByLabelText('Header image'), {
      target: { files: [new File(['png'], 'team-photo.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('/api/images/k'));
    expect(screen.getByText('team-photo.png')).toBeTruthy();
    expect(screen.queryByText('No image chosen')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByTestId('value').textContent).toBe('none');
    expect(screen.queryByText('team-photo.png')).toBeNull();
    expect(screen.getByText('No image chosen')).toBeTruthy();
  });

  it('keeps saying no image is chosen when the picked file is refused', async () => {
    renderInput(uploaded);
    fireEvent.change(screen.getByLabelText('Header image'), {
      target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an image file');
    expect(screen.getByText('No image chosen')).toBeTruthy();
    expect(screen.queryByText('a.pdf')).toBeNull();
  });

  it('disables its picker with the field', () => {
    const i18n = createI18n({ lng: 'en' });
    const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch: uploaded });
    render(
      <I18nextProvider i18n={i18n}>
        <FeatureProvider value={{ api, viewer: null, navigate: () => undefined }}>
          <ImageInput value={null} onChange={() => undefined} label="Header image" disabled />
        </FeatureProvider>
      </I18nextProvider>,
    );
    expect((screen.getByRole('button', { name: 'Choose image' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Header image') as HTMLInputElement).disabled).toBe(true);
  });
});
