import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { expect, it } from 'vitest';
import en from '../../../../locales/en/change-requests.json' with { type: 'json' };
import ja from '../../../../locales/ja/change-requests.json' with { type: 'json' };
import { type ChangeRequest, changeLines } from './change-request';

const request: ChangeRequest = {
  id: '1',
  organizationId: 1,
  organizationName: 'Acme',
  organizationIdentifier: 'acme',
  currentPlan: 'business',
  currentNumberOfMembers: 10,
  membersInUse: 3,
  requestedPlan: null,
  requestedNumberOfMembers: 25,
  requestedUnlimitedSeats: false,
  requestedName: null,
  reason: 'Growing',
  status: 'pending',
  decisionNote: null,
  decidedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  requestedByName: 'Mana',
  decidedByName: null,
};

function translator(language: 'ja' | 'en') {
  const i18n = createI18n({ lng: language });
  i18n.addResourceBundle('ja', 'change-requests', ja);
  i18n.addResourceBundle('en', 'change-requests', en);
  return i18n.getFixedT(language);
}

it('reads a pending request as before -> after against the organisation now, in either language', () => {
  expect(changeLines(translator('en'), request, { fromCurrent: true })).toEqual(['Seats: 10 seats → 25 seats']);
  expect(changeLines(translator('ja'), request, { fromCurrent: true })).toEqual(['席数: 10席 → 25席']);
});

it('names only what was asked: unlimited seats, a known plan translated, an unknown one as typed, the name', () => {
  const t = translator('en');
  const everything = {
    ...request,
    requestedPlan: 'consumer',
    requestedUnlimitedSeats: true,
    requestedNumberOfMembers: null,
    requestedName: 'Acme Two',
  };
  expect(changeLines(t, everything, { fromCurrent: true })).toEqual([
    'Plan: Business → Consumer',
    'Seats: 10 seats → Unlimited',
    'Name: Acme → Acme Two',
  ]);
  expect(
    changeLines(
      t,
      { ...request, currentPlan: 'enterprise', requestedPlan: 'business', requestedNumberOfMembers: null },
      { fromCurrent: false },
    ),
  ).toEqual(['Plan: Business']);
  expect(changeLines(t, { ...request, requestedNumberOfMembers: null }, { fromCurrent: true })).toEqual([]);
});
