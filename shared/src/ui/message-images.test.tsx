// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { ImageViewerProvider } from './image-viewer';
import { MessageImages } from './message-images';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const show = (urls: string[]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ImageViewerProvider>
        <MessageImages urls={urls} authorName="Aiko" size="tile" />
      </ImageViewerProvider>
    </I18nextProvider>,
  );

describe('<MessageImages>', () => {
  it('renders nothing for a message without images', () => {
    show([]);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('opens the shared image viewer at the image pressed, titled with the author', () => {
    show(['/a.png', '/b.png']);
    const buttons = screen.getAllByRole('button', { name: /Open image/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Open image 1 of 2', 'Open image 2 of 2']);
    fireEvent.click(buttons[1]!);
    expect(screen.getByRole('dialog', { name: /Images from Aiko/ })).toBeTruthy();
  });
});
