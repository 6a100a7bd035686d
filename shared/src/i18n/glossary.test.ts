/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/glossary.md is the word list the locales follow: this reads its table and checks every locale string against it.
const root = fileURLToPath(new URL('../../../', import.meta.url));

type Row = { concept: string; ja: string; en: string; avoidJa: string[]; avoidEn: string[]; keys: RegExp | null };

function glossaryRows(): Row[] {
  const lines = readFileSync(`${root}docs/glossary.md`, 'utf8').split('\n');
  const table = lines.filter((line) => line.startsWith('|')).slice(2);
  return table.map((line) => {
    // A cell may hold an escaped pipe (\|) inside a key pattern.
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll('\\|', '|'));
    const [concept = '', ja = '', en = '', avoidJa = '', avoidEn = '', keys = 'all'] = cells;
    const list = (cell: string) => (cell ? cell.split(',').map((word) => word.trim()) : []);
    return {
      concept,
      ja,
      en,
      avoidJa: list(avoidJa),
      avoidEn: list(avoidEn),
      keys: keys === 'all' ? null : new RegExp(keys.replaceAll('`', '')),
    };
  });
}

function flatten(value: unknown, prefix: string): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, nested]) =>
    flatten(nested, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`),
  );
}

const strings = (language: 'ja' | 'en') =>
  readdirSync(`${root}locales/${language}`)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => flatten(JSON.parse(readFileSync(`${root}locales/${language}/${file}`, 'utf8')), `${file.replace(/\.json$/, '')}:`));

const contains = (text: string, word: string, language: 'ja' | 'en') =>
  language === 'ja' ? text.includes(word) : new RegExp(`\\b${word}\\b`, 'i').test(text);

const rows = glossaryRows();

/**
 * Whether `text` uses a word `row` says to avoid. A longer term of the glossary that holds the word (システム管理者 holds
 * 管理者) is another row's word, not the avoided one, unless this row avoids that term too.
 */
function usesAvoided(row: Row, text: string, word: string, language: 'ja' | 'en') {
  const avoided = language === 'ja' ? row.avoidJa : row.avoidEn;
  const longer = rows
    .map((other) => (language === 'ja' ? other.ja : other.en))
    .filter((term) => term !== word && term.includes(word) && !avoided.includes(term));
  const rest = longer.reduce((remaining, term) => remaining.replaceAll(term, ' '), text);
  return contains(rest, word, language);
}
const locales = { ja: strings('ja'), en: strings('en') };

describe('the locales follow docs/glossary.md', () => {
  it('has a table of terms', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.find((row) => row.concept.startsWith('Well-being survey'))).toMatchObject({ ja: 'アンケート', avoidJa: ['調査'] });
  });

  it.each(['ja', 'en'] as const)('%s uses no word the glossary says to avoid', (language) => {
    const found = rows.flatMap((row) =>
      (language === 'ja' ? row.avoidJa : row.avoidEn).flatMap((word) =>
        locales[language]
          .filter(([key, text]) => (!row.keys || row.keys.test(key)) && usesAvoided(row, text, word, language))
          .map(([key, text]) => `${key}: "${word}" where the glossary says "${language === 'ja' ? row.ja : row.en}" (${text})`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(['ja', 'en'] as const)('%s uses each glossary term (a renamed term is renamed here too)', (language) => {
    const unused = rows
      .map((row) => (language === 'ja' ? row.ja : row.en))
      .filter((term) => !locales[language].some(([, text]) => contains(text, term, language)));
    expect(unused).toEqual([]);
  });

  it('would catch a survey called 調査 or a poll called アンケート', () => {
    const survey = rows.find((row) => row.ja === 'アンケート')!;
    const poll = rows.find((row) => row.ja === '投票')!;
    expect(survey.avoidJa.some((word) => contains('ウェルビーイング調査に回答', word, 'ja'))).toBe(true);
    expect(poll.keys!.test('events:poll.title') && poll.avoidJa.some((word) => contains('アンケート', word, 'ja'))).toBe(true);
    expect(poll.keys!.test('surveys:title')).toBe(false);
  });

  it('would catch 管理者 for a manager and マネージャー or "manager" for a platform admin', () => {
    const manager = rows.find((row) => row.ja === 'マネージャー')!;
    const admin = rows.find((row) => row.ja === 'システム管理者')!;
    expect(manager).toMatchObject({ en: 'manager', avoidJa: ['管理者'], keys: null });
    // 管理者 alone reads as either role: it is caught in any key; システム管理者 is the admin's term, not 管理者.
    expect(usesAvoided(manager, '組織の管理者にお問い合わせください', '管理者', 'ja')).toBe(true);
    expect(usesAvoided(manager, 'マネージャーまたは管理者が取り消しました', '管理者', 'ja')).toBe(true);
    expect(usesAvoided(manager, 'マネージャーまたはシステム管理者が取り消しました', '管理者', 'ja')).toBe(false);
    expect(usesAvoided(manager, "Please contact your organization's administrator", 'administrator', 'en')).toBe(true);
    // The admin row's keys are the strings that name only platform admins.
    for (const key of [
      'admin-users:roles.admin',
      'admin-users:actions.promoteTitle',
      'portal:layout.adminBadge',
      'portal:access.adminOnly',
      'staff-actions:role.admin',
    ]) {
      expect(admin.keys!.test(key), key).toBe(true);
    }
    for (const key of [
      'admin-users:roles.manager',
      'organization:members.role.manager',
      'portal:access.managerOnly',
      'staff-actions:role.manager',
    ]) {
      expect(admin.keys!.test(key), key).toBe(false);
    }
    expect(usesAvoided(admin, 'マネージャー', 'マネージャー', 'ja')).toBe(true);
    expect(usesAvoided(admin, 'Make {{name}} a manager?', 'manager', 'en')).toBe(true);
  });

  it('names each role with its own word where the role is shown', () => {
    const text = (language: 'ja' | 'en', key: string) => locales[language].find(([name]) => name === key)?.[1];
    expect([text('ja', 'organization:members.role.manager'), text('ja', 'admin-users:roles.manager')]).toEqual([
      'マネージャー',
      'マネージャー',
    ]);
    expect([text('ja', 'admin-users:roles.admin'), text('ja', 'staff-actions:role.admin'), text('ja', 'portal:layout.adminBadge')]).toEqual(
      ['システム管理者', 'システム管理者', 'システム管理者'],
    );
    expect([text('en', 'organization:members.role.manager'), text('en', 'admin-users:roles.admin')]).toEqual(['Manager', 'Admin']);
  });
});
