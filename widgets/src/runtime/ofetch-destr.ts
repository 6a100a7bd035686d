// ofetch's response parser (the `destr` package) for the widgets' build (vite.config.ts aliases `destr` here), the
// same answers in a fraction of the bytes: JSON when the text looks like JSON and parses (keys that could pollute a
// prototype dropped), the keyword literals, else the text as it came. ofetch-deps.test.ts compares it with destr.

const JSON_SIGNATURE = /^\s*["[{]|^\s*-?\d{1,16}(\.\d{1,17})?([Ee][+-]?\d+)?\s*$/;
const LITERALS = new Map<string, unknown>([
  ['true', true],
  ['false', false],
  ['undefined', undefined],
  ['null', null],
  ['nan', Number.NaN],
  ['infinity', Number.POSITIVE_INFINITY],
  ['-infinity', Number.NEGATIVE_INFINITY],
]);

const dropPollution = (key: string, value: unknown) =>
  key === '__proto__' || (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value) ? undefined : value;

export default function destr(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value[0] === '"' && value.at(-1) === '"' && !value.includes('\\')) return value.slice(1, -1);
  const literal = value.trim().toLowerCase();
  if (LITERALS.has(literal)) return LITERALS.get(literal);
  if (!JSON_SIGNATURE.test(value)) return value;
  try {
    return JSON.parse(value, dropPollution);
  } catch {
    return value;
  }
}
