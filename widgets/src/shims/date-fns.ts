// date-fns' `format` for the patterns shared/src/schemas/event-resources.ts formats with (the widget build aliases
// `date-fns` and its ja / en-US locales here: 8 KB gzip less in <kiwi-events>). date-fns.test.ts compares every pattern
// with date-fns itself; an unknown token throws instead of printing something else.

export type ShimLocale = { code: 'ja' | 'en-US' };

const WEEKDAYS: Record<ShimLocale['code'], readonly string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  'en-US': ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const MONTHS: Record<ShimLocale['code'], readonly string[]> = {
  ja: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  'en-US': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

function offset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'Z';
  return `${minutes > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

const TOKEN = /'(?:[^']|'')*'|yyyy|MMM|MM|M|dd|d|EEE|HH|mm|ss|XXX|[a-zA-Z]/g;

export function format(value: Date | number | string, pattern: string, options: { locale?: ShimLocale } = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const code = options.locale?.code ?? 'en-US';
  return pattern.replace(TOKEN, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(date.getFullYear(), 4);
      case 'MMM':
        return MONTHS[code][date.getMonth()]!;
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'M':
        return String(date.getMonth() + 1);
      case 'dd':
        return pad(date.getDate());
      case 'd':
        return String(date.getDate());
      case 'EEE':
        return WEEKDAYS[code][date.getDay()]!;
      case 'HH':
        return pad(date.getHours());
      case 'mm':
        return pad(date.getMinutes());
      case 'ss':
        return pad(date.getSeconds());
      case 'XXX':
        return offset(date);
      default:
        if (token.startsWith("'")) return token.length === 2 ? "'" : token.slice(1, -1).replace(/''/g, "'");
        throw new RangeError(`date-fns shim: unsupported format token ${token}`);
    }
  });
}
