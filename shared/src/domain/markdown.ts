// Issue 20 point 5: app information bodies are Markdown. This is a small subset (headings, paragraphs with line
// breaks, bullet and numbered lists, bold, italic, inline code, links) parsed into a tree that the UI renders as React
// elements (ui/markdown-text.tsx), never as an HTML string: `<script>` or `<img onerror>` in a body stays text, so no
// sanitiser is needed. Links are http(s) only (linkify.ts safeHref); `javascript:` or `data:` link text stays text.
import { linkify, safeHref } from './linkify';

export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: MarkdownInline[] }
  | { kind: 'em'; children: MarkdownInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: MarkdownInline[] }
  | { kind: 'break' };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; children: MarkdownInline[] }
  | { kind: 'paragraph'; children: MarkdownInline[] }
  | { kind: 'list'; ordered: boolean; items: MarkdownInline[][] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
// In order of precedence: code spans first (nothing inside them is Markdown), then links, bold, italic.
const INLINE = /`([^`\n]+)`|\[([^\]\n]+)\]\(([^()\s]+)\)|\*\*([^\n]+?)\*\*|\*([^*\n]+)\*|(?<![\w])_([^_\n]+)_(?![\w])/;

/** Plain text, with bare http(s) URLs as links unless already inside a link. */
function textNodes(text: string, inLink: boolean): MarkdownInline[] {
  if (inLink) return text === '' ? [] : [{ kind: 'text', text }];
  return linkify(text).map((part) =>
    part.kind === 'link'
      ? { kind: 'link', href: part.href, children: [{ kind: 'text', text: part.text }] }
      : { kind: 'text', text: part.text },
  );
}

/** One line's inline Markdown (or several lines', with their line breaks). */
export function parseInline(source: string, inLink = false): MarkdownInline[] {
  const nodes: MarkdownInline[] = [];
  let rest = source;
  while (rest !== '') {
    const match = INLINE.exec(rest);
    if (!match) break;
    nodes.push(...textNodes(rest.slice(0, match.index), inLink));
    const [whole, code, linkText, linkUrl, strong, em, underscored] = match;
    if (code !== undefined) nodes.push({ kind: 'code', text: code });
    else if (linkText !== undefined && linkUrl !== undefined) {
      const href = inLink ? null : safeHref(linkUrl);
      if (href) nodes.push({ kind: 'link', href, children: parseInline(linkText, true) });
      else nodes.push(...parseInline(linkText, inLink));
    } else if (strong !== undefined) nodes.push({ kind: 'strong', children: parseInline(strong, inLink) });
    else nodes.push({ kind: 'em', children: parseInline(em ?? underscored ?? '', inLink) });
    rest = rest.slice(match.index + whole.length);
  }
  nodes.push(...textNodes(rest, inLink));
  return nodes;
}

const withBreaks = (lines: string[]): MarkdownInline[] =>
  lines.flatMap((line, index) => [...(index > 0 ? [{ kind: 'break' } as const] : []), ...parseInline(line.trim())]);

/** Blocks separated by blank lines; a list runs while its lines are items. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: MarkdownInline[][] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: withBreaks(paragraph) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, children: parseInline(heading[2]!.trim()) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(item[1]!.trim()));
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
