import type { EmbedOriginRow } from '../../db/schema/embed-origins';
import { serialize } from '../../jsonapi/serialize';

export const presentEmbedOrigins = (rows: EmbedOriginRow[]) => serialize('embed-origins', rows, { attributes: ['origin', 'createdAt'] });
