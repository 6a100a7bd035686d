import { serialize } from '../../jsonapi/serialize';
import type { ReadinessState } from './readiness';
import type { Health } from './service';

export const presentHealth = (health: Health) => serialize('healths', health, { attributes: ['status', 'database', 'identity', 'engine'] });

export const presentReadiness = (state: ReadinessState) => serialize('readinesses', state, { attributes: ['status', 'database'] });
