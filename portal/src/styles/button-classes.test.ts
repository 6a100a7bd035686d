// One button family (issue 21 point 11): every button in the portal and the shared features is a `kiwi-button`
// (shared/src/ui/button.css, plus the portal's `kiwi-button--text` in base.css). This scan of the sources fails when a
// className string or a stylesheet uses the retired bare `button` / `button--*` classes again.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const folders = ['portal/src', 'shared/src'];

function filesUnder(folder: string, extensions: RegExp): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** A class token that is the bare `button` or one of its `button--x` modifiers (not `kiwi-button`, `drawer__button`…). */
const BARE = /(?<![\w-])button(?:--[\w-]+)?(?![\w-])/g;

/** The value of each `className=` in `source`: a quoted string, or the `{…}` expression (braces balanced). */
function classNameValues(source: string): string[] {
  const values: string[] = [];
  for (const match of source.matchAll(/className=(["{])/g)) {
    const start = match.index + match[0].length;
    if (match[1] === '"') {
      values.push(source.slice(start, source.indexOf('"', start)));
      continue;
    }
    let depth = 1;
    let end = start;
    while (end < source.length && depth > 0) {
      if (source[end] === '{') depth += 1;
      else if (source[end] === '}') depth -= 1;
      end += 1;
    }
    values.push(source.slice(start, end - 1));
  }
  return values;
}

/** The bare button classes in a className value: the string literals' words (an expression's names are skipped). */
function bareButtonClasses(value: string, quoted: boolean): string[] {
  const literals = quoted ? [value] : [...value.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((match) => match[2]!);
  return literals.flatMap((literal) => literal.match(BARE) ?? []);
}

function offences(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.css')) {
    return [...source.matchAll(/\.button(?:--[\w-]+)?(?![\w-])/g)].map((match) => `${file}: selector ${match[0]}`);
  }
  const values = classNameValues(source);
  return [...source.matchAll(/className=(["{])/g)].flatMap((match, index) =>
    bareButtonClasses(values[index]!, match[1] === '"').map((name) => `${file}: className uses "${name}"`),
  );
}

describe('one button family', () => {
  it('finds bare button classes in every way a className is written', () => {
    const source = [
      '<a className="button button--primary">',
      "<b className={busy ? 'button' : 'kiwi-button kiwi-button--text'}>",
      '<i className={`button--danger kiwi-card`}>',
      '<u className={cx("kiwi-button", { "button--text": quiet })} type="button">',
    ].join('\n');
    const found = classNameValues(source).flatMap((value, index) => bareButtonClasses(value, index === 0));
    expect(found).toEqual(['button', 'button--primary', 'button', 'button--danger', 'button--text']);
    expect(bareButtonClasses('kiwi-button kiwi-button--primary drawer__button app-bar__menu-button', true)).toEqual([]);
  });

  it('is all the portal and the shared features use: no className or stylesheet names a bare button class', () => {
    const sources = folders
      .flatMap((folder) => filesUnder(folder, /\.(tsx?|css)$/))
      .filter((file) => !file.endsWith('button-classes.test.ts'));
    const uses = sources.filter((file) => /className=["{][^"}]*kiwi-button/.test(readFileSync(join(root, file), 'utf8')));
    expect(uses.length, 'the scan reads the portal pages that render kiwi-button').toBeGreaterThan(50);
    expect(sources.flatMap(offences)).toEqual([]);
  });
});
