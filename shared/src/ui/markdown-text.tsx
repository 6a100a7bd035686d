import type { ReactNode } from 'react';
import { type MarkdownBlock, type MarkdownInline, parseMarkdown } from '../domain/markdown';

function inline(nodes: MarkdownInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <span key={index}>{node.text}</span>;
      case 'break':
        return <br key={index} />;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'strong':
        return <strong key={index}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{inline(node.children)}</em>;
      default:
        return (
          <a key={index} href={node.href} dir="ltr" target="_blank" rel="noopener noreferrer nofollow">
            {inline(node.children)}
          </a>
        );
    }
  });
}

/**
 * Heading elements for the body's headings: the first level used becomes `base`, and no heading goes more than one
 * level below the one before it (an outline without gaps, as screen readers and axe's heading-order expect).
 */
function headingLevels(blocks: MarkdownBlock[], base: number): Map<number, number> {
  const levels = new Map<number, number>();
  let previous = base - 1;
  let top: number | null = null;
  blocks.forEach((node, index) => {
    if (node.kind !== 'heading') return;
    top ??= node.level;
    const wanted = Math.max(base, base + node.level - top);
    const level = Math.min(6, wanted, previous + 1);
    levels.set(index, level);
    previous = level;
  });
  return levels;
}

function block(node: MarkdownBlock, index: number, levels: Map<number, number>): ReactNode {
  switch (node.kind) {
    case 'heading': {
      // Below the page's own headings: a body's "#" is a section of the notice, not of the page.
      const Tag = `h${levels.get(index) ?? 6}` as 'h3';
      return <Tag key={index}>{inline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={index}>{inline(node.children)}</p>;
    default: {
      const items = node.items.map((item, itemIndex) => <li key={itemIndex}>{inline(item)}</li>);
      return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
  }
}

/**
 * Markdown (domain/markdown.ts subset) as React elements: nothing is ever interpreted as HTML, and links are http(s)
 * only, opening in a new tab without access to this page. `headingBase` is the level of the body's first heading
 * (default 4); the others follow without skipping a level.
 */
export function MarkdownText({ source, headingBase = 4, className }: { source: string; headingBase?: number; className?: string }) {
  const blocks = parseMarkdown(source);
  const levels = headingLevels(blocks, headingBase);
  return <div className={className ?? 'markdown-text'}>{blocks.map((node, index) => block(node, index, levels))}</div>;
}
