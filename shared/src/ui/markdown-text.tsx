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

function block(node: MarkdownBlock, index: number, headingBase: number): ReactNode {
  switch (node.kind) {
    case 'heading': {
      // Below the page's own headings: a body's "#" is a section of the notice, not of the page.
      const Tag = `h${Math.min(6, headingBase + node.level - 1)}` as 'h3';
      return <Tag key={index}>{inline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={index}>{inline(node.children)}</p>;
    case 'list': {
      const items = node.items.map((item, itemIndex) => <li key={itemIndex}>{inline(item)}</li>);
      return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
  }
}

/**
 * Markdown (domain/markdown.ts subset) as React elements: nothing is ever interpreted as HTML, and links are http(s)
 * only, opening in a new tab without access to this page. `headingBase` is the level a body's `#` becomes (default 4).
 */
export function MarkdownText({ source, headingBase = 4, className }: { source: string; headingBase?: number; className?: string }) {
  return <div className={className ?? 'markdown-text'}>{parseMarkdown(source).map((node, index) => block(node, index, headingBase))}</div>;
}
