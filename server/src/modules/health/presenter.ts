import { serialize } from '../../jsonapi/serialize';
import type { Health } from './service';

export const presentHealth = (health: Health) => serialize('healths', health, { attributes: ['status', 'database', 'identity', 'engine'] });
