// Issue 20 point 5: the fixed icon set of app informations. The admin picks one (a radio group on the console page);
// the home shows its glyph. The names are stored in app_informations.icon_name; the demo seed uses info, smartphone, flag.

/** Icon name -> the glyph shown (an emoji: no image to load, readable in both languages; the label is translated). */
export const APP_INFORMATION_ICONS = {
  info: 'ℹ️',
  smartphone: '📱',
  flag: '🚩',
  gift: '🎁',
  heart: '💚',
  calendar: '📅',
  star: '⭐',
  bell: '🔔',
  maintenance: '🛠️',
  celebration: '🎉',
} as const;

export type AppInformationIconName = keyof typeof APP_INFORMATION_ICONS;
export const APP_INFORMATION_ICON_NAMES = Object.keys(APP_INFORMATION_ICONS) as AppInformationIconName[];

export const isAppInformationIconName = (name: unknown): name is AppInformationIconName =>
  typeof name === 'string' && Object.hasOwn(APP_INFORMATION_ICONS, name);

/** The glyph of a stored name; null for none or a name no longer in the set (a row written before the set changed). */
export const appInformationIconGlyph = (name: string | null | undefined): string | null =>
  isAppInformationIconName(name) ? APP_INFORMATION_ICONS[name] : null;
