import { diffWordsWithSpace } from 'diff';
import sanitizeHtml from 'sanitize-html';

/**
 * What a legal text may hold: the editor's formatting (paragraphs, headings, lists, emphasis,
 * links). Everything else goes — script and style elements with their content, event handler
 * attributes, inline styles, and links that are not http(s) or mailto.
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'],
  // `rel` and `target` always come from the transform below, which overrides the input's.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

/** The HTML as stored: only the allowed tags and attributes. */
export const sanitizeLegalHtml = (html: string) => sanitizeHtml(html, policy).trim();

/** The text of sanitised HTML, one line per block (paragraph, heading, list item). */
export function legalPlainText(html: string): string {
  const blocks = html.replace(/<\/(p|h2|h3|h4|li|blockquote)>|<br\s*\/?>/g, '\n');
  const text = sanitizeHtml(blocks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** Word-level changes from one text to the other. */
export const textChanges = (from: string, to: string) =>
  diffWordsWithSpace(legalPlainText(from), legalPlainText(to)).map((c) => ({
    value: c.value,
    added: c.added === true,
    removed: c.removed === true,
  }));
