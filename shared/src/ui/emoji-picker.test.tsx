// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PICKER_EMOJI } from '../domain/emoji';
import { createI18n } from '../i18n/create-i18n';
import { EmojiPicker, nextEmojiIndex } from './emoji-picker';

afterEach(cleanup);

describe('nextEmojiIndex (8 columns, 20 items)', () => {
  it.each<[string, number, number | null]>([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 19, 19],
    ['ArrowLeft', 0, 0],
    ['ArrowLeft', 5, 4],
    ['ArrowDown', 3, 11],
    ['ArrowDown', 15, 15],
    ['ArrowUp', 11, 3],
    ['ArrowUp', 3, 3],
    ['Home', 12, 0],
    ['End', 2, 19],
    ['a', 2, null],
  ])('%s from %i -> %s', (key, index, expected) => {
    expect(nextEmojiIndex(key, index, 20, 8)).toBe(expected);
  });
});

describe('<EmojiPicker> rendered', () => {
  const i18n = createI18n({ lng: 'en' });

  async function renderPicker() {
    const onPick = vi.fn();
    const view = render(
      <I18nextProvider i18n={i18n}>
        <form onSubmit={(event) => event.preventDefault()}>
          <EmojiPicker onPick={onPick} label="Add a reaction" />
        </form>
      </I18nextProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Add a reaction' });
    return { onPick, trigger, view };
  }

  async function open(trigger: HTMLElement) {
    await act(async () => {
      fireEvent.click(trigger);
    });
  }

  it('is closed at first and opens a dialog of emoji buttons next to the trigger, not in document.body', async () => {
    const { trigger, view } = await renderPicker();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await open(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Add a reaction' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Inline: inside the rendered container, beside the trigger.
    expect(view.container.contains(dialog)).toBe(true);
    expect(dialog.parentElement).toBe(trigger.parentElement);
    expect(screen.getAllByRole('button', { name: /./ }).filter((button) => dialog.contains(button))).toHaveLength(PICKER_EMOJI.length);
  });

  it('focuses the first emoji, moves with the arrow keys and picks with Enter, then closes and refocuses the trigger', async () => {
    const { onPick, trigger } = await renderPicker();
    await open(trigger);
    const first = screen.getByRole('button', { name: PICKER_EMOJI[0] });
    expect(document.activeElement).toBe(first);
    const grid = screen.getByRole('group', { name: 'Emoji' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: PICKER_EMOJI[1] }));
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: PICKER_EMOJI[9] }));
    // Only the focused item is in the tab order (roving tab index).
    expect(screen.getByRole('button', { name: PICKER_EMOJI[9] }).tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledExactlyOnceWith(PICKER_EMOJI[9]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('picks with a click', async () => {
    const { onPick, trigger } = await renderPicker();
    await open(trigger);
    fireEvent.click(screen.getByRole('button', { name: '🎉' }));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('🎉');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape without picking and gives focus back', async () => {
    const { onPick, trigger } = await renderPicker();
    await open(trigger);
    fireEvent.keyDown(screen.getByRole('group', { name: 'Emoji' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onPick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('positions the popover with the lazily loaded floating-ui part, which also closes it on a press outside', async () => {
    const { onPick, trigger } = await renderPicker();
    await open(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Add a reaction' });
    // Before the placement chunk arrives the grid already shows above the trigger (plain CSS position)... (an earlier
    // test loaded the chunk already: on a fast runtime, Node 24's, it can be placed before this line runs)
    if (!dialog.style.transform) expect(dialog.style.bottom).toBe('100%');
    // ...then floating-ui's computed position replaces it.
    await waitFor(() => expect(dialog.style.transform).toMatch(/^translate/));
    expect(dialog.style.bottom).toBe('');
    // The keys keep working once it is placed.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: PICKER_EMOJI[0] }));
    await act(async () => {
      fireEvent.pointerDown(dialog);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => {
      fireEvent.pointerDown(document.body);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('closes with Escape when focus went back to the trigger (Shift+Tab), and gives focus to it', async () => {
    const { trigger } = await renderPicker();
    await open(trigger);
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it("works inside a widget's shadow root: presses inside it keep it open, a press on the host page closes it, Escape refocuses the trigger", async () => {
    const host = document.createElement('kiwi-test-host');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    shadow.append(container);
    const onPick = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <EmojiPicker onPick={onPick} label="Add a reaction" />
      </I18nextProvider>,
      { container },
    );
    const inShadow = within(container);
    const trigger = inShadow.getByRole('button', { name: 'Add a reaction' });
    await open(trigger);
    const dialog = inShadow.getByRole('dialog', { name: 'Add a reaction' });
    expect(shadow.activeElement).toBe(inShadow.getByRole('button', { name: PICKER_EMOJI[0] }));
    await waitFor(() => expect(dialog.style.transform).toMatch(/^translate/));
    // Seen from the document, a press inside the shadow root targets the host element; the composed path says where.
    await act(async () => {
      fireEvent.pointerDown(inShadow.getByRole('button', { name: PICKER_EMOJI[3] }));
    });
    expect(inShadow.getByRole('dialog')).toBeTruthy();
    await act(async () => {
      fireEvent.pointerDown(document.body);
    });
    expect(inShadow.queryByRole('dialog')).toBeNull();
    await open(trigger);
    fireEvent.keyDown(inShadow.getByRole('group', { name: 'Emoji' }), { key: 'Escape' });
    expect(inShadow.queryByRole('dialog')).toBeNull();
    expect(shadow.activeElement).toBe(trigger);
    expect(onPick).not.toHaveBeenCalled();
    host.remove();
  });

  it('cannot be opened when disabled', async () => {
    const onPick = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <EmojiPicker onPick={onPick} label="Add a reaction" disabled />
      </I18nextProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Add a reaction' });
    expect(trigger).toHaveProperty('disabled', true);
  });
});
