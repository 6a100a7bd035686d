import { describe, expect, it } from 'vitest';
import { type AppInformation, appInformationFormSchema, appInformationFormValues, SCHEDULE_IN_PAST } from './app-information-form-schema';

const NOW = new Date('2031-05-01T00:00:00.000Z');
const clock = () => NOW;
const values = (overrides: Partial<ReturnType<typeof appInformationFormValues>> = {}) => ({
  ...appInformationFormValues(null),
  title: 'Title',
  body: 'Body',
  ...overrides,
});

describe('app information form', () => {
  it('publishes now with the time of saving, and drops an empty head copy', () => {
    const parsed = appInformationFormSchema(false, clock).parse(values({ head_copy: '  ' }));
    expect(parsed).toEqual({ title: 'Title', body: 'Body', head_copy: null, icon_name: 'info', published_at: NOW.toISOString() });
  });

  it('schedules only in the future', () => {
    const past = appInformationFormSchema(false, clock).safeParse(values({ publish_mode: 'scheduled', published_at: '2031-04-30T08:00' }));
    expect(past.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['published_at', SCHEDULE_IN_PAST]]);
    const future = appInformationFormSchema(false, clock).parse(values({ publish_mode: 'scheduled', published_at: '2031-06-01T09:00' }));
    expect(new Date((future as { published_at: string }).published_at).getTime()).toBe(new Date('2031-06-01T09:00').getTime());
  });

  it('leaves the publication time out once published (SPEC §4), and checks fields with the server’s codes', () => {
    const published: AppInformation = {
      id: '1',
      title: 'Old',
      body: 'b',
      headCopy: null,
      iconName: 'gift',
      publishedAt: '2031-04-01T00:00:00.000Z',
      unpublishedAt: null,
      state: 'published',
    };
    const parsed = appInformationFormSchema(true, clock).parse(appInformationFormValues(published));
    expect(parsed).toEqual({ title: 'Old', body: 'b', head_copy: null, icon_name: 'gift' });
    const bad = appInformationFormSchema(false, clock).safeParse(values({ title: ' ', body: 'x'.repeat(5001), icon_name: 'skull' }));
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message]).sort()).toEqual([
      ['body', 'validation.tooLong'],
      ['icon_name', 'validation.oneOf'],
      ['title', 'validation.required'],
    ]);
  });
});
