import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for rich text (work area notes, term content): paragraphs, line
 * breaks, bold, italic, underline, lists, text alignment and indentation.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'span', 'div', 'blockquote'],
  // `start`: a numbered list that resumes after a paragraph keeps its numbers.
  allowedAttributes: { '*': ['style'], ol: ['start'] },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'padding-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'margin-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'text-indent': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
    },
  },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

/** Elements whose content the parser reads as raw text up to their closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'xmp']);
/** Openers of the elements whose content the sanitiser drops, text included (its nonTextTags). */
const CONTENT_DROPPING_OPENER = /<(script|style|textarea|xmp|option|noscript)\b[^>]*>/gi;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An element whose content is dropped and which is never closed would take everything after
 * it along (an unclosed `<style>` swallowed the rest of a note). Such an opener is removed: the
 * text after a raw-text one (style, script, textarea, xmp) is kept as text, exactly as typed;
 * after any other (option, noscript), the markup is kept and sanitised as usual.
 */
function keepWhatFollowsUnclosed(html: string): string {
  CONTENT_DROPPING_OPENER.lastIndex = 0;
  for (let match; (match = CONTENT_DROPPING_OPENER.exec(html));) {
    const name = match[1].toLowerCase();
    const after = match.index + match[0].length;
    const close = html.slice(after).search(new RegExp(`</${name}`, 'i'));
    if (close >= 0) {
      // Closed: its content is dropped as usual (and a raw-text one's content is no markup).
      if (RAW_TEXT.has(name)) CONTENT_DROPPING_OPENER.lastIndex = after + close;
      continue;
    }
    const before = html.slice(0, match.index);
    const rest = html.slice(after);
    if (RAW_TEXT.has(name)) return before + escapeText(rest);
    html = before + rest;
    CONTENT_DROPPING_OPENER.lastIndex = match.index;
  }
  return html;
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(keepWhatFollowsUnclosed(html), options);
}
