// Server side (it bundles every language's strings): the portal and the widgets only show tags (domain/tags.ts).
import { storedEventTags } from '../domain/tags';
import { SUPPORTED_LANGUAGES } from './languages';
import { resources } from './resources';

/** Every language's labels of the preset event tags (events:presetTags), key -> label. */
export const PRESET_TAG_LABELS: Record<string, string>[] = SUPPORTED_LANGUAGES.map((language) => resources[language].events.presetTags);

/**
 * Event tags as they are stored: a preset written in any language ("初心者歓迎", "Beginners welcome") becomes its key, so
 * that every reader sees it in their own language; other tags stay as typed.
 */
export const eventTagsToStore = (tags: string[]): string[] => storedEventTags(tags, PRESET_TAG_LABELS);
