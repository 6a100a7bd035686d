import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import enErrors from '../../../locales/en/errors.json' with { type: 'json' };
import enPortal from '../../../locales/en/portal.json' with { type: 'json' };
import enValidation from '../../../locales/en/validation.json' with { type: 'json' };
import jaCommon from '../../../locales/ja/common.json' with { type: 'json' };
import jaErrors from '../../../locales/ja/errors.json' with { type: 'json' };
import jaPortal from '../../../locales/ja/portal.json' with { type: 'json' };
import jaValidation from '../../../locales/ja/validation.json' with { type: 'json' };

// Static imports put every string in the bundle (no loading state); locales.test.ts fails when a namespace file is not listed here.
export const resources = {
  ja: { common: jaCommon, errors: jaErrors, validation: jaValidation, portal: jaPortal },
  en: { common: enCommon, errors: enErrors, validation: enValidation, portal: enPortal },
};

export type Namespace = keyof (typeof resources)['ja'];
export const NAMESPACES = Object.keys(resources.ja) as Namespace[];
