import type { EmbedOriginRow } from '../../db/schema/embed-origins';
import { serialize } from '../../jsonapi/serialize';

/** The organisation's list of `embed-origins`; `meta` carries facts about the change that answered it (`added`). */
export const presentEmbedOrigins = (rows: EmbedOriginRow[], meta?: Record<string, unknown>) =>
  serialize('embed-origins', rows, { attributes: ['origin', 'createdAt'], ...(meta ? { meta } : {}) });
