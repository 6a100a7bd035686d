import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en/staff-actions.json' with { type: 'json' };
import ja from '../../../../locales/ja/staff-actions.json' with { type: 'json' };
import { formatValue, kindLabel } from './admin-staff-actions-page';

const translator = (lng: 'ja' | 'en') => {
  const i18n = createI18n({ lng });
  i18n.addResourceBundle('ja', 'staff-actions', ja, true, true);
  i18n.addResourceBundle('en', 'staff-actions', en, true, true);
  return i18n.getFixedT(lng);
};

describe('staff action labels', () => {
  it('names a kind from the table in both languages', () => {
    expect(kindLabel(translator('ja'), 'organizations.members.update')).toBe('メンバーの変更');
    expect(kindLabel(translator('en'), 'organizations.members.update')).toBe('Member changed');
  });

  it('reads a kind the table does not name from its route words and verb', () => {
    expect(kindLabel(translator('en'), 'walking_events.messages.delete')).toBe('walking events / messages (delete)');
    expect(kindLabel(translator('ja'), 'guilds.members.update')).toBe('guilds / members（更新）');
    // A prefix of labelled kinds is not a label itself.
    expect(kindLabel(translator('en'), 'organizations.members.archive')).toBe('organizations / members (archive)');
  });

  it('shows logged values as a person reads them', () => {
    const t = translator('en');
    expect(formatValue(t, null, 'en')).toBe('(none)');
    expect(formatValue(t, [], 'en')).toBe('(none)');
    expect(formatValue(t, true, 'en')).toBe('Yes');
    expect(formatValue(t, 12000, 'en')).toBe('12,000');
    expect(formatValue(t, ['Sales', 'Support'], 'en')).toBe('Sales, Support');
    expect(formatValue(t, 'manager', 'en')).toBe('manager');
    expect(formatValue(t, '2030-03-31T15:00:00.000Z', 'en')).not.toContain('T15');
  });
});
