import { formatDate } from '@kiwi/shared/i18n/format';

/** What the page needs of Firebase's MultiFactorInfo (PhoneMultiFactorInfo adds phoneNumber). */
export type EnrolledFactor = {
  uid: string;
  factorId: string;
  displayName?: string | null;
  enrollmentTime: string;
  phoneNumber?: string;
};

export type FactorKind = 'phone' | 'totp' | 'other';
export type FactorView = { uid: string; kind: FactorKind; label: string; enrolledOn: string };

/**
 * Only the last four digits of a phone number, as Firebase itself shows it (it sends it obfuscated on a real project
 * and in sign-in hints, in full from the emulator's account lookup): `+819012345678` -> `•••• 5678`.
 */
export function maskPhoneNumber(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, '');
  return digits.length < 4 ? phoneNumber : `•••• ${digits.slice(-4)}`;
}

const kindOf = (factorId: string): FactorKind => (factorId === 'phone' || factorId === 'totp' ? factorId : 'other');

/** The enrolled factors, oldest first, as the list shows them: the name given or the masked number, and the date. */
export function factorViews(factors: readonly EnrolledFactor[], language: string): FactorView[] {
  return [...factors]
    .sort((a, b) => Date.parse(a.enrollmentTime) - Date.parse(b.enrollmentTime))
    .map((factor) => {
      const kind = kindOf(factor.factorId);
      const masked = factor.phoneNumber ? maskPhoneNumber(factor.phoneNumber) : '';
      const label = [factor.displayName?.trim(), masked].filter(Boolean).join(' ');
      const enrolled = Date.parse(factor.enrollmentTime);
      return { uid: factor.uid, kind, label, enrolledOn: Number.isNaN(enrolled) ? '' : formatDate(enrolled, language) };
    });
}
