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

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
