// @vitest-environment happy-dom
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MonthPicker } from './month-picker';

afterEach(cleanup);

function renderPicker(value: string, max = '2026-11', lng: 'en' | 'ja' = 'en') {
  const picked: string[] = [];
  render(
    <I18nextProvider i18n={createI18n({ lng })}>
      <MonthPicker value={value} onChange={(month) => picked.push(month)} max={max} />
    </I18nextProvider>,
  );
  return picked;
}

describe('MonthPicker', () => {
  it('steps across the year boundary both ways', () => {
    const picked = renderPicker('2026-01');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(picked).toEqual(['2025-12', '2026-02']);
  });

  it('cannot go past the current month', () => {
    const picked = renderPicker('2026-11');
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Month', { selector: 'input' }), { target: { value: '2026-12' } });
    expect(picked).toEqual([]);
  });

  it('cannot go before January 1900, which the API refuses', () => {
    const picked = renderPicker('1900-01');
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Month', { selector: 'input' }), { target: { value: '1899-12' } });
    fireEvent.change(screen.getByLabelText('Month', { selector: 'input' }), { target: { value: '0001-01' } });
    fireEvent.change(screen.getByLabelText('Month', { selector: 'input' }), { target: { value: '' } });
    expect(picked).toEqual([]);
    fireEvent.change(screen.getByLabelText('Month', { selector: 'input' }), { target: { value: '1999-05' } });
    expect(picked).toEqual(['1999-05']);
  });

  it('speaks Japanese, and offers the months of a year in Japanese within its bounds', async () => {
    const picked = renderPicker('2026-05', '2026-11', 'ja');
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      '前の月',
      'カレンダーを開く',
      '次の月',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'カレンダーを開く' }));
    const dialog = await screen.findByRole('dialog', { name: '年間カレンダー' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: '12月' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: '3月' }));
    expect(picked).toEqual(['2026-03']);
  });
});
