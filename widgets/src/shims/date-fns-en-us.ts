import type { ShimLocale } from './date-fns';

export const enUS: ShimLocale = { code: 'en-US' };
export default enUS;
