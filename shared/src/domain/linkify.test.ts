import { describe, expect, it } from 'vitest';
import { type LinkifiedPart, linkify } from './linkify';

const text = (value: string): LinkifiedPart => ({ kind: 'text', text: value });
const link = (value: string, href = value): LinkifiedPart => ({ kind: 'link', href, text: value });

describe('linkify', () => {
  it.each<[string, string, LinkifiedPart[]]>([
    ['empty', '', []],
    ['plain text', 'hello', [text('hello')]],
    ['one https link', 'https://kiwi.example/a?b=1#c', [link('https://kiwi.example/a?b=1#c')]],
    [
      'http link inside text',
      'see http://kiwi.example now',
      [text('see '), link('http://kiwi.example', 'http://kiwi.example/'), text(' now')],
    ],
    ['upper-case scheme', 'HTTPS://KIWI.EXAMPLE/X', [link('HTTPS://KIWI.EXAMPLE/X', 'https://kiwi.example/X')]],
    [
      'two links',
      'https://a.example https://b.example/',
      [link('https://a.example', 'https://a.example/'), text(' '), link('https://b.example/')],
    ],
    [
      'sentence full stop is not part of the link',
      'Go to https://kiwi.example/a.',
      [text('Go to '), link('https://kiwi.example/a'), text('.')],
    ],
    ['comma and question mark', 'https://kiwi.example/a, ok?', [link('https://kiwi.example/a'), text(', ok?')]],
    ['closing parenthesis of the sentence', '(https://kiwi.example/a)', [text('('), link('https://kiwi.example/a'), text(')')]],
    [
      'parentheses inside the URL kept',
      'https://en.wikipedia.example/wiki/Kiwi_(bird)',
      [link('https://en.wikipedia.example/wiki/Kiwi_(bird)')],
    ],
    ['Japanese right after the URL', 'https://kiwi.example/aです', [link('https://kiwi.example/a'), text('です')]],
    ['javascript: stays text', 'javascript:alert(1)', [text('javascript:alert(1)')]],
    [
      'javascript: with https inside stays text around the link',
      'javascript:alert("https://x.example")',
      [text('javascript:alert("'), link('https://x.example', 'https://x.example/'), text('")')],
    ],
    ['data: stays text', 'data:text/html,<script>alert(1)</script>', [text('data:text/html,<script>alert(1)</script>')]],
    ['mailto: stays text', 'mailto:a@kiwi.example', [text('mailto:a@kiwi.example')]],
    ['scheme alone stays text', 'https:// and http://', [text('https:// and http://')]],
    ['quotes end the URL', '"https://kiwi.example/a"', [text('"'), link('https://kiwi.example/a'), text('"')]],
    [
      'angle brackets end the URL',
      '<a href="https://kiwi.example">x</a>',
      [text('<a href="'), link('https://kiwi.example', 'https://kiwi.example/'), text('">x</a>')],
    ],
  ])('%s', (_name, input, expected) => {
    expect(linkify(input)).toEqual(expected);
  });

  it('keeps every character of the input, in order', () => {
    const input = 'a https://x.example/p. b (http://y.example) c javascript:void(0)';
    expect(
      linkify(input)
        .map((part) => part.text)
        .join(''),
    ).toBe(input);
  });
});
