// The five elements: their tag, the attribute naming what they show, and the locale namespaces their chunk needs
// (besides the ones every widget loads). `npm run size` reads the same table.

export type WidgetKind = 'events' | 'guild-chat' | 'coin-message' | 'survey' | 'walking-event';

export type WidgetSpec = {
  tag: `kiwi-${string}`;
  kind: WidgetKind;
  /** The id attribute's property (r2wc camelCases `event-id` to `eventId`), if the widget has one. */
  idProp: 'eventId' | 'guildId' | 'surveyId' | 'walkingEventId' | null;
  namespaces: readonly string[];
};

/** Every widget's frame: its own strings, the error and validation texts (errors:validation.* nests validation:*) and the shared components' common strings. */
export const COMMON_NAMESPACES = ['widgets', 'errors', 'validation', 'common'] as const;

export const WIDGET_SPECS: readonly WidgetSpec[] = [
  { tag: 'kiwi-events', kind: 'events', idProp: 'eventId', namespaces: ['events'] },
  { tag: 'kiwi-guild-chat', kind: 'guild-chat', idProp: 'guildId', namespaces: ['guilds'] },
  { tag: 'kiwi-coin-message', kind: 'coin-message', idProp: null, namespaces: ['coins'] },
  { tag: 'kiwi-survey', kind: 'survey', idProp: 'surveyId', namespaces: ['surveys'] },
  { tag: 'kiwi-walking-event', kind: 'walking-event', idProp: 'walkingEventId', namespaces: ['walking'] },
];

/** What r2wc hands every widget component: the attributes (camelCased, undefined when absent) and the shadow root. */
export type WidgetProps = {
  organization?: string;
  eventId?: string;
  guildId?: string;
  surveyId?: string;
  walkingEventId?: string;
  locale?: string;
  apiBase?: string;
  container: ShadowRoot;
};
