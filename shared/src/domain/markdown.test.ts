import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('markdown subset', () => {
  it('parses headings, paragraphs with line breaks and both kinds of list', () => {
    expect(parseMarkdown('# Title\n\nfirst line\nsecond line\n\n- one\n- **two**\n\n1. a\n2) b')).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'Title' }] },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'first line' }, { kind: 'break' }, { kind: 'text', text: 'second line' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'one' }], [{ kind: 'strong', children: [{ kind: 'text', text: 'two' }] }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] },
    ]);
  });

  it('parses bold, italic, code and https links, and linkifies bare URLs', () => {
    expect(parseInline('**b** *i* _u_ `x*y*` [site](https://kiwi.example/a) see https://kiwi.example/b.')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'i' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'u' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'x*y*' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://kiwi.example/a', children: [{ kind: 'text', text: 'site' }] },
      { kind: 'text', text: ' see ' },
      { kind: 'link', href: 'https://kiwi.example/b', children: [{ kind: 'text', text: 'https://kiwi.example/b' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of another scheme, and keeps HTML as text', () => {
    for (const url of ['javascript:alert%281%29', 'JAVASCRIPT:alert`1`', 'data:text/html,x', 'vbscript:x', '/relative']) {
      expect(parseInline(`[click](${url})`), url).toEqual([{ kind: 'text', text: 'click' }]);
    }
    // With parentheses in it, the target is no link target at all: all of it stays text.
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[click](javascript:alert(1))' }]);
    expect(parseMarkdown('<script>alert(1)</script>\n<img src=x onerror=alert(1)>')).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: '<script>alert(1)</script>' },
          { kind: 'break' },
          { kind: 'text', text: '<img src=x onerror=alert(1)>' },
        ],
      },
    ]);
  });

  it('does not nest links, and leaves snake_case words alone', () => {
    expect(parseInline('[see https://a.example](https://b.example)')).toEqual([
      { kind: 'link', href: 'https://b.example/', children: [{ kind: 'text', text: 'see https://a.example' }] },
    ]);
    expect(parseInline('app_store_url')).toEqual([{ kind: 'text', text: 'app_store_url' }]);
  });

  it('parses a long body in bounded time', () => {
    const body = `${'**a '.repeat(1200)}\n${'[x]('.repeat(1000)}`;
    const started = performance.now();
    parseMarkdown(body);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
