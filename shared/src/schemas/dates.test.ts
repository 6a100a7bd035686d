// Spec §9 on every date field of every schema: the fields are found by walking each exported zod schema of this folder,
// so a date field added tomorrow is checked without anyone listing it here.
import { readdirSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../api/error-codes';
import { DATE_RANGE, DATE_RANGE_CHECK } from './dates';

type DateField = { name: string; kind: 'date' | 'dateTime'; field: z.ZodType; guarded: boolean };

type Def = {
  type: string;
  format?: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The date-like strings under `schema`: an ISO date/date-time format, or anything carrying the helpers' range check. */
function dateLeaves(schema: z.ZodType, seen = new Set<z.ZodType>()): { kind: DateField['kind']; guarded: boolean }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const guarded = def.checks?.includes(DATE_RANGE_CHECK) ?? false;
  if (def.type === 'string' && (def.format === 'date' || def.format === 'datetime' || guarded)) {
    return [{ kind: def.format === 'date' ? 'date' : 'dateTime', guarded }];
  }
  const children = [def.innerType, def.in, def.out, def.element, def.left, def.right, def.valueType, ...(def.options ?? [])];
  return children.filter((child): child is z.ZodType => child !== undefined).flatMap((child) => dateLeaves(child, seen));
}

/** Every object property (at any depth) whose value holds a date-like string, named `Schema.path.to.field`. */
function dateFields(name: string, schema: z.ZodType, seen = new Set<z.ZodType>()): DateField[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    return Object.entries(def.shape).flatMap(([key, value]) => {
      const nested = dateFields(`${name}.${key}`, value, seen);
      if (nested.length > 0) return nested;
      return dateLeaves(value).map((leaf) => ({ name: `${name}.${key}`, field: value, ...leaf }));
    });
  }
  const children = [def.innerType, def.in, def.out, def.element, def.left, def.right, def.valueType, ...(def.options ?? [])];
  return children
    .filter((child): child is z.ZodType => child !== undefined)
    .flatMap((child) => dateFields(`${name}${def.type === 'array' ? '[]' : ''}`, child, seen));
}

const modules = readdirSync(new URL('.', import.meta.url)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const exported = (
  await Promise.all(modules.map(async (file) => Object.entries((await import(`./${file}`)) as Record<string, unknown>)))
).flat();
const FIELDS = exported
  .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
  .flatMap(([name, schema]) => dateFields(name, schema));
const names = [...new Set(FIELDS.map((field) => field.name))];

const bounds = {
  date: { inside: [DATE_RANGE.min, DATE_RANGE.max], outside: ['1899-12-31', '2100-01-01', '9999-12-31'] },
  dateTime: {
    inside: [`${DATE_RANGE.min}T00:00:00Z`, `${DATE_RANGE.min}T00:00:00+09:00`, `${DATE_RANGE.max}T23:59:59Z`],
    outside: ['1899-12-31T23:59:59Z', '2100-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
  },
};
const messages = (field: z.ZodType, value: string) => (field.safeParse(value).error?.issues ?? []).map((issue) => issue.message);
/** A day in range may still be refused for its own reason: a logged activity day or a birthday may not lie in the future. */
const OTHER_REASONS = new Set<string>([ErrorCode.activityFutureDay, ErrorCode.validationFutureDate]);

describe('every date field of every schema (spec §9: 1900-01-01 .. 2099-12-31)', () => {
  it('finds the date fields of the payloads and queries, the two that once took 9999-12-31 among them', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'GrantCoinsSchema.kiwi_coin_transfer.transferred_at',
        'AdminGrantCoinsSchema.kiwi_coin_transfer.transferred_at',
        'CreateSurveySchema.well_being_survey.expired_at',
        'UpdateSurveySchema.well_being_survey.expired_at',
        'CreateEventSchema.event.started_at',
        'CreateMemberSchema.organization_member.active_from',
        'CreateNewsSchema.news.published_at',
        'UpdateOrganizationSchema.organization.plan_started_at',
        'UpdateUserSchema.user.birthday',
        'SyncActivitySchema.activity_sync.days[].day',
        'ActivityDayParamSchema.day',
        'EventStatisticsQuerySchema.from',
        'GuildsSummaryQuerySchema.to',
        'CoinTransferListQuerySchema.from',
      ]),
    );
  });

  it('builds every one of them with the shared range check', () => {
    expect(FIELDS.filter((field) => !field.guarded).map((field) => field.name)).toEqual([]);
  });

  describe.each(FIELDS.map((field) => [field.name, field] as const))('%s', (_name, { kind, field }) => {
    it.each(bounds[kind].outside)('refuses %s as out of range', (value) => {
      expect(messages(field, value)).toEqual([ErrorCode.validationDateOutOfRange]);
    });
    it.each(bounds[kind].inside)('takes %s', (value) => {
      expect(messages(field, value).filter((message) => !OTHER_REASONS.has(message))).toEqual([]);
    });
  });
});
