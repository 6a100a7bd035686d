// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text';

afterEach(cleanup);

describe('<LinkifiedText>', () => {
  it('renders HTML as text and only http(s) links as links, opening in a new tab without opener', () => {
    render(<LinkifiedText text={'<img src=x onerror=alert(1)> javascript:alert(1) https://kiwi.example/a.'} />);
    expect(document.querySelector('img')).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://kiwi.example/a');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    expect(document.body.textContent).toBe('<img src=x onerror=alert(1)> javascript:alert(1) https://kiwi.example/a.');
  });

  it('keeps unicode tricks as text: data:, a full-width colon, and an RTL override cannot reverse a link', () => {
    const rtl = '\u202E';
    render(
      <LinkifiedText
        text={`data:text/html,<b>x</b> javascript\uFF1Aalert(1) https\uFF1A//evil.example ${rtl}https://evil.example/moc.elgoog`}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://evil.example/moc.elgoog']);
    // Its own left-to-right isolate: the override typed before it does not apply inside.
    expect(links[0]!.getAttribute('dir')).toBe('ltr');
    expect(links[0]!.textContent).toBe('https://evil.example/moc.elgoog');
    expect(document.querySelector('b')).toBeNull();
  });
});
