import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { z } from 'zod';

// The /user/mfa_setting forms (issue 16). Messages are error codes, translated under errors: by the page.

/** What a person may type for a phone number: digits, one leading +, spaces, hyphens, dots, brackets. */
const PHONE_INPUT_MAX = 32;
/** E.164: + and 8 to 15 digits, no leading zero in the country code. */
const E164 = /^\+[1-9]\d{7,14}$/;
const JAPAN = '+81';

/**
 * A phone number as Firebase wants it (E.164), or null when it cannot be one. Japanese numbers as written at home
 * (090-1234-5678, full-width digits) become +81 numbers; 00 as the international prefix becomes +.
 */
export function normalisePhoneNumber(input: string): string | null {
  if (input.length > PHONE_INPUT_MAX) return null;
  // Hyphens as Japanese keyboards type them (minus sign, dashes, the long vowel mark) count as hyphens.
  const compact = input.normalize('NFKC').replace(/[\s\-.()\u2010-\u2015\u2212\u30fc]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let international = compact;
  if (compact.startsWith('00')) international = `+${compact.slice(2)}`;
  else if (compact.startsWith('0')) international = `${JAPAN}${compact.slice(1)}`;
  else if (!compact.startsWith('+')) return null;
  return E164.test(international) ? international : null;
}

export const PhoneFormSchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .min(1, { error: ErrorCode.validationRequired })
    .transform((value, context) => {
      const phoneNumber = normalisePhoneNumber(value);
      if (phoneNumber) return phoneNumber;
      context.addIssue({ code: 'custom', message: ErrorCode.validationInvalidFormat });
      return z.NEVER;
    }),
});
export type PhoneFormInput = z.input<typeof PhoneFormSchema>;
export type PhoneForm = z.output<typeof PhoneFormSchema>;

/** The six digits of an SMS or authenticator-app code (full-width digits and spaces forgiven). */
export const CodeFormSchema = z.object({
  code: z
    .string()
    .transform((value) => value.normalize('NFKC').replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: ErrorCode.validationRequired })
        .regex(/^\d{6}$/, { error: ErrorCode.validationInvalidFormat }),
    ),
});
export type CodeFormInput = z.input<typeof CodeFormSchema>;
export type CodeForm = z.output<typeof CodeFormSchema>;

/** Re-authentication before a factor is removed (SPEC §7). */
export const ReauthFormSchema = z.object({ currentPassword: z.string().min(1, { error: ErrorCode.validationRequired }).max(128) });
export type ReauthForm = z.output<typeof ReauthFormSchema>;
