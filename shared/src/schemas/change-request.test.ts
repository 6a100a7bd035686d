import { describe, expect, it } from 'vitest';
import { ChangeRequestFormSchema, CreateChangeRequestSchema, DecideChangeRequestSchema, toChangeRequestPayload } from './change-request';

const create = (fields: object) =>
  CreateChangeRequestSchema.safeParse({ organization_change_request: { organization_id: 1, reason: 'Growing', ...fields } });
const codes = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('CreateChangeRequestSchema', () => {
  it('takes one change or several, null seats as unlimited', () => {
    expect(create({ number_of_members: 80 }).success).toBe(true);
    expect(create({ number_of_members: null }).data?.organization_change_request.number_of_members).toBeNull();
    expect(create({ plan: 'consumer', name: '  New name ' }).data?.organization_change_request.name).toBe('New name');
  });

  it('refuses no change, unknown plans, zero or fractional seats, a missing reason and unknown keys', () => {
    expect(codes(create({}))).toEqual(['organization_change_request.plan:changeRequest.noChange']);
    expect(codes(create({ plan: 'gold' }))).toEqual(['organization_change_request.plan:validation.oneOf']);
    expect(codes(create({ number_of_members: 0 }))).toEqual(['organization_change_request.number_of_members:validation.tooSmall']);
    expect(codes(create({ number_of_members: 1.5 }))).toEqual(['organization_change_request.number_of_members:validation.integer']);
    expect(codes(create({ name: 'x', reason: '  ' }))).toEqual(['organization_change_request.reason:validation.required']);
    expect(create({ name: 'x', status: 'approved' }).success).toBe(false);
  });
});

describe('DecideChangeRequestSchema', () => {
  const decide = (fields: object) => DecideChangeRequestSchema.safeParse({ organization_change_request: fields });
  it('approves without a note and rejects only with one', () => {
    expect(decide({ status: 'approved' }).success).toBe(true);
    expect(codes(decide({ status: 'rejected', decision_note: ' ' }))).toEqual([
      'organization_change_request.decision_note:validation.required',
    ]);
    expect(decide({ status: 'rejected', decision_note: 'Not this quarter' }).success).toBe(true);
    expect(codes(decide({ status: 'withdrawn' }))).toEqual(['organization_change_request.status:validation.oneOf']);
  });
});

describe('ChangeRequestFormSchema', () => {
  const form = { plan: '', seats_mode: 'keep', number_of_members: '', name: '', reason: 'Because' } as const;
  it('builds the payload of what the manager changed', () => {
    const parsed = ChangeRequestFormSchema.parse({ ...form, seats_mode: 'number', number_of_members: '120' });
    expect(toChangeRequestPayload(7, parsed)).toEqual({
      organization_change_request: { organization_id: 7, number_of_members: 120, reason: 'Because' },
    });
    const unlimited = ChangeRequestFormSchema.parse({ ...form, seats_mode: 'unlimited', plan: 'consumer' });
    expect(toChangeRequestPayload(7, unlimited).organization_change_request).toMatchObject({ plan: 'consumer', number_of_members: null });
  });

  it('asks for something to change and a valid seat count', () => {
    expect(codes(ChangeRequestFormSchema.safeParse(form))).toEqual(['plan:changeRequest.noChange']);
    // Every problem at once: an empty reason does not hide the missing change.
    expect(codes(ChangeRequestFormSchema.safeParse({ ...form, reason: ' ' }))).toEqual([
      'reason:validation.required',
      'plan:changeRequest.noChange',
    ]);
    expect(codes(ChangeRequestFormSchema.safeParse({ ...form, plan: 'gold' }))).toEqual(['plan:validation.oneOf']);
    expect(codes(ChangeRequestFormSchema.safeParse({ ...form, seats_mode: 'number', number_of_members: '' }))).toEqual([
      'number_of_members:validation.required',
    ]);
    expect(codes(ChangeRequestFormSchema.safeParse({ ...form, seats_mode: 'number', number_of_members: '2.5' }))).toEqual([
      'number_of_members:validation.integer',
    ]);
  });
});
