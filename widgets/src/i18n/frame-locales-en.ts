// The en files of the namespaces every widget's frame loads (widget-kinds.ts COMMON_NAMESPACES) in one chunk: they
// are always loaded together, and one gzip stream of the four is about 1 kB smaller than four (npm run size).
export { default as widgets } from '../../../locales/en/widgets.json';
import errorsWithoutValidation from '../../../locales/en/errors.json';
import validation from '../../../locales/en/validation.json';
import { mirrorValidation } from './mirror-validation';

export { validation };
/** errors.json as the widgets ship it (vite/widget-locales-plugin.ts), its `validation` section mirrored back. */
export const errors = mirrorValidation(errorsWithoutValidation, validation);
export { default as common } from '../../../locales/en/common.json';
