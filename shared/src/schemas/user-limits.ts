// In a module of their own so a page can show them without loading the profile's schemas (and what they import).
// Limits the spec leaves open ("other product limits: not shown"); the birthday's range is every date's (dates.ts).
export const USER_LIMITS = {
  nameMax: 50,
  nicknameMax: 30,
  restingHeartRateMin: 30,
  restingHeartRateMax: 220,
  /** Centimetres, to one decimal: from a small child to the tallest adults recorded. */
  heightCmMin: 50,
  heightCmMax: 250,
  /** Kilograms, to one decimal. */
  weightKgMin: 20,
  weightKgMax: 300,
} as const;
