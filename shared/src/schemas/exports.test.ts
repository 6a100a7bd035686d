import { describe, expect, it } from 'vitest';
import { CreateExportSchema, EXPORT_MONTHS_MAX, monthsBetween } from './exports';

const issues = (body: unknown) => {
  const result = CreateExportSchema.safeParse({ export: body });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};
const base = { kind: 'score', encoding: 'shift_jis', organization_id: 3, from: '2025-11', to: '2026-02' };

describe('the export request', () => {
  it('counts months across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-01', '2026-01')).toEqual(['2026-01']);
  });

  it('takes a bounded range, a group only on a score export of one organisation', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, group_id: 4 })).toEqual([]);
    expect(issues({ ...base, organization_id: null, kind: 'return_amount' })).toEqual([]);
    expect(issues({ ...base, from: '2026-03' })).toEqual([['export.to', 'validation.endAfterStart']]);
    expect(issues({ ...base, from: '2023-01', to: '2026-01' })).toEqual([['export.to', 'validation.tooBig']]);
    expect(monthsBetween('2023-02', '2026-01')).toHaveLength(EXPORT_MONTHS_MAX);
    expect(issues({ ...base, from: '2023-02', to: '2026-01' })).toEqual([]);
    expect(issues({ ...base, from: '1999-12', to: '2000-01' })).toEqual([['export.from', 'validation.dateOutOfRange']]);
    expect(issues({ ...base, kind: 'return_amount', group_id: 4 })).toEqual([['export.group_id', 'validation.exclusiveOptions']]);
    expect(issues({ ...base, organization_id: undefined, group_id: 4 })).toEqual([['export.organization_id', 'validation.required']]);
    expect(issues({ ...base, encoding: 'utf16' })).toEqual([['export.encoding', 'validation.oneOf']]);
    expect(issues({ ...base, organization_id: 1.5 })).toEqual([['export.organization_id', 'validation.integer']]);
  });
});
