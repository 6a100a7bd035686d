// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { Reactions, type WireReaction } from './reactions';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const REACTIONS: WireReaction[] = [
  { emoji: '👍', count: 2, 'reacted-by-me': true, names: ['Hanako', 'Taro'] },
  { emoji: '🎉', count: 1, 'reacted-by-me': false, names: ['Taro'] },
  { emoji: '😢', count: 0, 'reacted-by-me': false, names: [] },
];

function renderReactions(props: { reactions?: WireReaction[]; disabled?: boolean } = {}) {
  const onToggle = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <Reactions reactions={props.reactions ?? REACTIONS} onToggle={onToggle} disabled={props.disabled} />
    </I18nextProvider>,
  );
  return onToggle;
}

describe('<Reactions> rendered', () => {
  it('shows one chip per emoji with its count and who reacted, pressed when the viewer reacted', () => {
    renderReactions();
    const list = screen.getByRole('list', { name: 'Reactions' });
    const chips = screen.getAllByRole('button');
    expect(chips).toHaveLength(2);
    expect(list.textContent).toBe('👍2🎉1');
    const mine = screen.getByRole('button', { name: '👍 2: Hanako, Taro' });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(mine.getAttribute('title')).toBe('👍 2: Hanako, Taro');
    expect(screen.getByRole('button', { name: '🎉 1: Taro' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('toggles the emoji of the chip clicked', () => {
    const onToggle = renderReactions();
    fireEvent.click(screen.getByRole('button', { name: '🎉 1: Taro' }));
    expect(onToggle).toHaveBeenCalledExactlyOnceWith('🎉');
  });

  it('renders nothing without reactions', () => {
    renderReactions({ reactions: [] });
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('disables every chip when asked', () => {
    const onToggle = renderReactions({ disabled: true });
    for (const chip of screen.getAllByRole('button')) expect(chip).toHaveProperty('disabled', true);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('shows names as text, never as HTML', () => {
    renderReactions({ reactions: [{ emoji: '👍', count: 1, 'reacted-by-me': false, names: ['<img src=x onerror=alert(1)>'] }] });
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: '👍 1: <img src=x onerror=alert(1)>' })).toBeTruthy();
  });
});
