import { createElement, type ReactNode } from 'react';

// The tags a legal text may hold (the server's `sanitizeLegalHtml` keeps only these).
const ALLOWED = new Set('p br h2 h3 h4 strong em u s ul ol li blockquote a'.split(' '));
// Dropped with their content, as the server does.
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object']);
const SAFE_LINK = /^(https?:|mailto:)/i;

/** The nodes as React elements: allowed tags only (others give their text), no attribute but a safe link. */
function toReact(nodes: NodeListOf<ChildNode>): ReactNode[] {
  return [...nodes].map((node, i) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (!(node instanceof Element)) return null;
    const tag = node.tagName.toLowerCase();
    if (DROPPED.has(tag)) return null;
    const children = toReact(node.childNodes);
    if (!ALLOWED.has(tag)) return children;
    const href = tag === 'a' ? node.getAttribute('href') : null;
    const link = href && SAFE_LINK.test(href) ? { href, rel: 'noopener noreferrer', target: '_blank' } : {};
    return createElement(tag, { key: i, ...link }, ...(tag === 'br' ? [] : children));
  });
}

/**
 * A legal text to read (the published version, a version's preview): its HTML drawn as React
 * elements from the tags the editor writes, never as markup, and without downloading the editor
 * (ProseMirror, 69 KB: issue 24).
 */
export function LegalText({ html, dir, label }: { html: string; dir: 'ltr' | 'rtl'; label: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div className="legal-text" dir={dir} role="document" aria-label={label}>
      {toReact(body.childNodes)}
    </div>
  );
}
