// The widgets' build drops the fallbacks of the theme's custom properties (vite/style-registry-plugin.ts): every
// widget renders inside .kiwi-root, which defines them (widget.css), so a fallback could never apply there.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rootVariables, withoutFallbacks } from '../../vite/style-registry-plugin';

const widgetCss = readFileSync(fileURLToPath(new URL('./widget.css', import.meta.url)), 'utf8');

describe('the theme variables', () => {
  it('are the custom properties .kiwi-root defines in widget.css', () => {
    const names = rootVariables(widgetCss);
    expect(names).toEqual(
      expect.arrayContaining(['--color-primary', '--color-text', '--color-focus', '--radius', '--shadow', '--font-family']),
    );
    // Only .kiwi-root's own declarations (the page-facing --kiwi-* knobs are read there, never defined).
    expect(names.some((name) => name.startsWith('--kiwi-'))).toBe(false);
    expect(rootVariables(':host{--x:1}.kiwi-root__error{--y:2}.kiwi-root{--a:1;color:red;--b-c:var(--kiwi-b,#fff)}')).toEqual([
      '--a',
      '--b-c',
    ]);
  });

  it('lose their fallbacks, other variables keep theirs', () => {
    const names = ['--color-primary', '--shadow', '--radius'];
    expect(withoutFallbacks('a{color:var(--color-primary,#2e7d32);border-radius:var(--radius, 8px)}', names)).toBe(
      'a{color:var(--color-primary);border-radius:var(--radius)}',
    );
    expect(withoutFallbacks('a{box-shadow:var(--shadow,0 4px 16px rgba(0, 0, 0, 0.18))}', names)).toBe('a{box-shadow:var(--shadow)}');
    expect(withoutFallbacks('a{outline:3px solid var(--color-primary,var(--kiwi-primary))}', names)).toBe(
      'a{outline:3px solid var(--color-primary)}',
    );
    // A longer name that starts like a theme variable, and the theme's own definitions, are left alone.
    const untouched =
      '.kiwi-root{--color-primary:var(--kiwi-primary,#2e7d32)}a{color:var(--color-primary-dark,#1b5e20);width:var(--radiusx,1px)}';
    expect(withoutFallbacks(untouched, names)).toBe(untouched);
    expect(withoutFallbacks('a{color:var(--color-primary)}', names)).toBe('a{color:var(--color-primary)}');
    expect(withoutFallbacks('a{color:var(--color-primary,#fff)}', [])).toBe('a{color:var(--color-primary,#fff)}');
  });
});
