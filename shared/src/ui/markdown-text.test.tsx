// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';

afterEach(cleanup);

describe('<MarkdownText>', () => {
  it('renders the Markdown subset as elements, headings below the page’s own', () => {
    render(<MarkdownText source={'# 見出し\n\n**太字** と *斜体* と `code`\n次の行\n\n- one\n- two\n\n1. first'} />);
    expect(screen.getByRole('heading', { level: 4, name: '見出し' })).toBeTruthy();
    expect(document.querySelector('strong')?.textContent).toBe('太字');
    expect(document.querySelector('em')?.textContent).toBe('斜体');
    expect(document.querySelector('code')?.textContent).toBe('code');
    expect(document.querySelectorAll('p br')).toHaveLength(1);
    expect([...document.querySelectorAll('ul li')].map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(document.querySelectorAll('ol li')).toHaveLength(1);
  });

  it('starts the body’s outline at the given level and never skips one', () => {
    render(<MarkdownText source={'# a\n\n### b\n\n# c\n\n## d'} headingBase={3} />);
    expect([...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => `${heading.tagName}:${heading.textContent}`)).toEqual([
      'H3:a',
      'H4:b',
      'H3:c',
      'H4:d',
    ]);
  });

  it('never renders HTML, and makes links of http(s) targets only, in a new tab without opener', () => {
    render(
      <MarkdownText
        source={
          '<img src=x onerror=alert(1)><script>alert(1)</script>\n[ok](https://kiwi.example/a) [bad](javascript:alert%281%29) [data](data:text/html,x)'
        }
      />,
    );
    expect(document.querySelector('img, script')).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://kiwi.example/a']);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    expect(document.body.textContent).toContain('<img src=x onerror=alert(1)><script>alert(1)</script>');
    expect(document.body.textContent).toContain('bad');
  });
});
