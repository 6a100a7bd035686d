// errors.json's sections that only one widget meets (the events API's codes only reach <kiwi-events>, ...): the widgets'
// build ships each in that widget's own namespace file, under CARRIED_ERRORS_KEY, instead of in the frame's chunk every
// widget loads (vite/widget-locales-plugin.ts); loadWidgetI18n puts them back into the errors namespace.

/** The key of a namespace file that holds its carried errors.json sections ({ event: { ... } }). */
export const CARRIED_ERRORS_KEY = '$errors';

/** Widget namespace -> the errors.json sections its file carries. */
export const CARRIED_ERROR_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  events: ['event'],
  guilds: ['guild'],
  coins: ['coins'],
  surveys: ['survey'],
};
