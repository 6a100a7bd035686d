// @vitest-environment happy-dom
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TransferNote, type TransferNoteFields } from './transfer-note';

afterEach(cleanup);

const show = (lng: 'ja' | 'en', transfer: TransferNoteFields) =>
  render(
    <I18nextProvider i18n={createI18n({ lng })}>
      <TransferNote transfer={transfer} />
    </I18nextProvider>,
  );

describe('TransferNote', () => {
  it.each([
    ['en', 'organizationBalanceShort', /organization's balance was short/],
    ['ja', 'organizationBalanceShort', /組織のコイン残高が不足/],
    ['en', 'recipientInactive', /no longer an active member/],
    ['ja', 'recipientInactive', /受取人が有効なメンバーではありませんでした/],
    ['en', 'manual', /Canceled by a manager/],
    ['ja', 'manual', /マネージャーまたはシステム管理者が取り消しました/],
  ] as const)('shows the %s translation of the cancel reason %s after the description', (lng, cancelReason, expected) => {
    show(lng, { description: 'Quarterly thanks', message: null, cancelReason });
    expect(screen.getByText('Quarterly thanks', { exact: false })).toBeTruthy();
    expect(screen.getByText(expected)).toBeTruthy();
  });

  it('shows only the text when the transfer was not canceled', () => {
    const { container } = show('en', { description: null, message: 'Thanks Taro!', cancelReason: null });
    expect(container.textContent).toBe('Thanks Taro!');
  });
});
