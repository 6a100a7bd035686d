// @vitest-environment happy-dom
// Issue 21 point 1: on a phone the menu is a modal drawer, and it closes on every navigation, whichever link led away.
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acmeUserResponse, jsonApiResponse, recordingBackend } from '../test-backend';
import { renderPage } from '../test-render';
import { AppLayout } from './app-layout';

const i18n = createI18n({ lng: 'en' });

/** happy-dom's own window API: matchMedia answers by this viewport. */
const setViewport = (viewport: { width: number; height: number }) =>
  (window as unknown as { happyDOM: { setViewport(viewport: { width: number; height: number }): void } }).happyDOM.setViewport(viewport);

beforeEach(() => setViewport({ width: 375, height: 812 }));
afterEach(() => {
  cleanup();
  setViewport({ width: 1024, height: 768 });
});

function renderPhoneLayoutAt(path: string) {
  const { api } = recordingBackend((call) =>
    call.path === '/user' ? acmeUserResponse() : jsonApiResponse(404, { errors: [{ status: '404', code: 'route.notFound' }] }),
  );
  renderPage(
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<h1>Home</h1>} />
        <Route path="guilds" element={<h1>Guilds page</h1>} />
        <Route path="send_coins" element={<h1>Send coins page</h1>} />
      </Route>
    </Routes>,
    { api, i18n, entry: path },
  );
}

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: i18n.t('portal:layout.openMenu') }));
  const dialog = document.querySelector<HTMLDialogElement>('dialog.drawer-dialog')!;
  expect(dialog.open).toBe(true);
  return within(dialog);
}

const drawerOpen = () => document.querySelector<HTMLDialogElement>('dialog.drawer-dialog')?.open ?? false;

describe('the phone drawer', () => {
  it('closes after a menu entry leads to another page', async () => {
    renderPhoneLayoutAt('/send_coins');
    const drawer = await openDrawer();
    fireEvent.click(drawer.getByRole('link', { name: i18n.t('portal:pages.member.guilds') }));
    await screen.findByRole('heading', { name: 'Guilds page' });
    expect(drawerOpen()).toBe(false);
    expect(screen.queryByRole('link', { name: i18n.t('portal:pages.member.guilds') })).toBeNull();
  });

  it('closes after the logo, which has no menu handler of its own, leads home', async () => {
    renderPhoneLayoutAt('/guilds');
    const drawer = await openDrawer();
    fireEvent.click(drawer.getByRole('link', { name: i18n.t('portal:layout.logoLabel') }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(drawerOpen()).toBe(false);
  });

  it('opens again on the new page and closes with its close button', async () => {
    renderPhoneLayoutAt('/guilds');
    let drawer = await openDrawer();
    fireEvent.click(drawer.getByRole('link', { name: i18n.t('portal:pages.member.sendCoins') }));
    await screen.findByRole('heading', { name: 'Send coins page' });
    drawer = await openDrawer();
    fireEvent.click(drawer.getByRole('button', { name: i18n.t('portal:layout.closeMenu') }));
    expect(drawerOpen()).toBe(false);
  });
});
