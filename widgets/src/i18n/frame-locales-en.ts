// The en files of the namespaces every widget's frame loads (widget-kinds.ts COMMON_NAMESPACES) in one chunk: they
// are always loaded together, and one gzip stream of the four is about 1 kB smaller than four (npm run size).
export { default as widgets } from '../../../locales/en/widgets.json';
export { default as errors } from '../../../locales/en/errors.json';
export { default as validation } from '../../../locales/en/validation.json';
export { default as common } from '../../../locales/en/common.json';
