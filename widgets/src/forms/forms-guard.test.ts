// The widgets keep to react-hook-form's stand-in (issue 21): the built widgets carry none of the real library, and the
// shared feature forms and the widgets use only the API subset the stand-in implements (docs/decisions.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtFiles } from '../../../scripts/bundle-size';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('../../dist');
/** An option name of the real library's reset() that minification keeps (property names survive). */
const RHF_MARKER = 'keepDirtyValues';

/** Every .ts/.tsx file under `folder`, tests included (they must not teach another API either). */
function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `${folder.replace(/[\\/]$/, '')}/${file}`.replaceAll('\\', '/'));
}

const ALLOWED_IMPORTS = new Set([
  'useForm',
  'set',
  'get',
  'FieldErrors',
  'Resolver',
  'UseFormReturn',
  'FieldError',
  'Path',
  'FieldValues',
  'DefaultValues',
]);
/** What the contract leaves out, as it would be written. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [
    /\b(Controller|useController|useWatch|useFieldArray|FormProvider|useFormContext|useFormState)\b/,
    'a component or hook outside the subset',
  ],
  [/\b(trigger|resetField|unregister|getFieldState|handleSubmit\([^)]*,)\b/, 'a method outside the subset'],
  [/\bregister\([^()]*,/, 'register options'],
  [
    /\b(reValidateMode|shouldUnregister|shouldFocusError|criteriaMode|delayError|shouldUseNativeValidation)\s*:/,
    'a useForm option outside the subset',
  ],
  [/\bmode:\s*'(onChange|onBlur|all)'/, "a mode other than 'onSubmit' and 'onTouched'"],
  [
    /\bformState\.(touchedFields|dirtyFields|isValid|isValidating|submitCount|isSubmitSuccessful|isLoading|validatingFields|defaultValues)\b/,
    'a formState field outside the subset',
  ],
  [/\b(touchedFields|dirtyFields|isValid|isValidating|submitCount|isSubmitSuccessful)\b\s*[,}]/, 'a formState field outside the subset'],
];

/** The subset's breaches in one file's text that imports react-hook-form (none for the others). */
export function rhfBreaches(text: string): string[] {
  const imports = [...text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'react-hook-form'/g)];
  if (imports.length === 0 && !/from\s*'react-hook-form'/.test(text)) return [];
  const breaches: string[] = [];
  if (/import\s*\*\s*as\s+\w+\s+from\s*'react-hook-form'|import\s+\w+\s*(,|from)[^;]*'react-hook-form'/.test(text))
    breaches.push('a namespace or default import');
  for (const [, , names] of imports)
    for (const name of (names ?? '').split(',').map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    ))
      if (name && !ALLOWED_IMPORTS.has(name)) breaches.push(`imports ${name}`);
  for (const [pattern, what] of FORBIDDEN) if (pattern.test(text)) breaches.push(`${what}: ${pattern.exec(text)?.[0]}`);
  return breaches;
}

describe('the widgets and react-hook-form', () => {
  it('build without the real react-hook-form (the portal has it, the widgets the stand-in)', () => {
    expect(existsSync(`${dist}/kiwi.js`), 'widgets/dist is missing: run `npm run build -w widgets`').toBe(true);
    expect(readFileSync(here('../../../node_modules/react-hook-form/dist/index.esm.mjs'), 'utf8')).toContain(RHF_MARKER);
    for (const file of builtFiles(readdirSync(`${dist}/assets`)))
      expect(readFileSync(`${dist}/assets/${file}`, 'utf8'), file).not.toContain(RHF_MARKER);
  });

  it('the scan finds what the stand-in does not implement', () => {
    expect(rhfBreaches("import { useForm, set, type FieldErrors } from 'react-hook-form';\nuseForm({ mode: 'onTouched' });")).toEqual([]);
    expect(rhfBreaches("import { useForm, useFieldArray } from 'react-hook-form';")).toEqual([
      'imports useFieldArray',
      'a component or hook outside the subset: useFieldArray',
    ]);
    expect(rhfBreaches("import { useForm } from 'react-hook-form';\nregister('name', { required: true });")).toEqual([
      "register options: register('name',",
    ]);
    expect(
      rhfBreaches("import { useForm } from 'react-hook-form';\nconst { trigger } = form; useForm({ mode: 'onChange' });"),
    ).toHaveLength(2);
    expect(rhfBreaches("import { useForm } from 'react-hook-form';\nif (formState.isValid) send();")).toHaveLength(1);
    expect(rhfBreaches("import * as Form from 'react-hook-form';")).toEqual(['a namespace or default import']);
    expect(rhfBreaches("import { useState } from 'react';\nconst trigger = 1;")).toEqual([]);
  });

  it('shared/src/features and widgets/src use only the API subset the stand-in implements', () => {
    const files = [...sources(here('../../../shared/src/features')), ...sources(here('..'))].filter(
      // This file and the stand-in's own tests name what is forbidden; the stand-in is the implementation.
      (file) => !file.includes('widgets/src/forms/'),
    );
    const users = files.filter((file) => /from\s*'react-hook-form'/.test(readFileSync(file, 'utf8')));
    expect(users.length).toBeGreaterThanOrEqual(4);
    const breaches = users.flatMap((file) => rhfBreaches(readFileSync(file, 'utf8')).map((breach) => `${file}: ${breach}`));
    expect(breaches).toEqual([]);
  });
});
