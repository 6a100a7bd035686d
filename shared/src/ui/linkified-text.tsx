import { linkify } from '../domain/linkify';

/**
 * A user's text as React text nodes, with http(s) URLs as links that open in a new tab without access to this page.
 * Nothing is ever interpreted as HTML: `<script>` stays the characters "<script>". A link is its own left-to-right
 * isolate (`dir="ltr"`), so a right-to-left override typed before it cannot show its address reversed.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} dir="ltr" target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
