import type { ShimLocale } from './date-fns';

export const ja: ShimLocale = { code: 'ja' };
export default ja;
