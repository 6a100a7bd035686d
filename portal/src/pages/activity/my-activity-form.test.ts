import { LogActivitySchema } from '@kiwi/shared/schemas/activity';
import { describe, expect, it } from 'vitest';
import { localDay, payloadOf } from './my-activity-page';

describe('payloadOf (My activity form -> PUT payload)', () => {
  it('turns the fields into the API payload, kilometres into metres', () => {
    const payload = payloadOf({ day: '2026-01-02', steps: '8000', workoutMinutes: '30', calories: '320', distanceKm: '5.61' });
    expect(payload).toEqual({ activity: { steps: 8000, workout_minutes: 30, calories: 320, distance_meters: 5610 } });
    expect(LogActivitySchema.safeParse(payload).success).toBe(true);
  });

  it('leaves empty fields out so the shared schema reports them as required', () => {
    const result = LogActivitySchema.safeParse(
      payloadOf({ day: '2026-01-02', steps: '', workoutMinutes: ' ', calories: '1', distanceKm: '' }),
    );
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['activity.steps', 'validation.required'],
      ['activity.workout_minutes', 'validation.required'],
      ['activity.distance_meters', 'validation.required'],
    ]);
  });

  it('refuses fractions of a step with the integer code', () => {
    const result = LogActivitySchema.safeParse(
      payloadOf({ day: '2026-01-02', steps: '10.5', workoutMinutes: '0', calories: '0', distanceKm: '0' }),
    );
    expect(result.error!.issues[0]!.message).toBe('validation.integer');
  });
});

describe('localDay', () => {
  it('is the browser calendar day', () => {
    expect(localDay(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});
