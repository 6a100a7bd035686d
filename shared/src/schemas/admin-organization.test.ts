import { describe, expect, it } from 'vitest';
import { AdminUpdateOrganizationSchema, DeleteOrganizationSchema, OrganizationContractFormSchema } from './admin-organization';

const form = (overrides: Record<string, unknown> = {}) => ({
  plan: 'business',
  plan_started_at: '2026-04-01',
  plan_ended_at: '2027-03-31',
  unlimited: false,
  number_of_members: '50',
  ...overrides,
});
const messages = (input: unknown) => {
  const result = OrganizationContractFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the admin contract form (plan, period, seats)', () => {
  it.each([
    ['a full contract', form(), []],
    ['an open-ended plan', form({ plan_ended_at: '' }), []],
    ['unlimited seats ignore the seat field', form({ unlimited: true, number_of_members: 'x' }), []],
    ['zero seats', form({ number_of_members: '0' }), []],
    ['an end on the start day', form({ plan_ended_at: '2026-04-01' }), ['plan_ended_at: validation.endAfterStart']],
    ['an end before the start', form({ plan_ended_at: '2026-03-31' }), ['plan_ended_at: validation.endAfterStart']],
    ['a fractional seat count', form({ number_of_members: '2.5' }), ['number_of_members: validation.integer']],
    ['a negative seat count', form({ number_of_members: '-1' }), ['number_of_members: validation.integer']],
    ['no seat count', form({ number_of_members: ' ' }), ['number_of_members: validation.integer']],
    ['more seats than the limit', form({ number_of_members: '1000001' }), ['number_of_members: validation.tooBig']],
    ['an empty plan', form({ plan: '  ' }), ['plan: validation.required']],
  ])('%s', (_name, input, expected) => {
    expect(messages(input)).toEqual(expected);
  });
});

describe('the delete and update payloads', () => {
  it('needs the typed identifier, bounded, and nothing else', () => {
    expect(DeleteOrganizationSchema.safeParse({ organization: { identifier_confirmation: 'acme' } }).success).toBe(true);
    expect(DeleteOrganizationSchema.safeParse({ organization: { identifier_confirmation: '' } }).success).toBe(false);
    expect(DeleteOrganizationSchema.safeParse({ organization: { identifier_confirmation: 'a'.repeat(51) } }).success).toBe(false);
    expect(DeleteOrganizationSchema.safeParse({ organization: { identifier_confirmation: 'acme', force: true } }).success).toBe(false);
    expect(DeleteOrganizationSchema.safeParse({}).success).toBe(false);
  });

  it('takes the seats confirmation beside the organisation, as a boolean only', () => {
    expect(
      AdminUpdateOrganizationSchema.safeParse({ organization: { number_of_members: 1 }, confirm_seats_below_members: true }).success,
    ).toBe(true);
    expect(
      AdminUpdateOrganizationSchema.safeParse({ organization: { number_of_members: 1 }, confirm_seats_below_members: 'yes' }).success,
    ).toBe(false);
  });
});
