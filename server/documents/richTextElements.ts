import type { Alignment } from 'pdfmake/interfaces';

/** What the elements and inline styles of rich text mean on paper (server/documents/richTextToPdf.ts). */

/** Elements whose content is never text on paper. */
export const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'head',
  'title',
  'svg',
  'math',
  'textarea',
  'select',
  'button',
  'img',
  'video',
  'audio',
  'canvas',
  'link',
  'meta',
  'base',
]);
/** Elements laid out as a paragraph of their own. */
export const BLOCKS = new Set([
  'p',
  'div',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'address',
  'figure',
  'table',
  'tr',
  'dl',
  'dt',
  'dd',
  'hr',
  'li',
]);
export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function parseStyle(value: string | undefined): Map<string, string> {
  const styles = new Map<string, string>();
  for (const declaration of (value ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    styles.set(
      declaration.slice(0, colon).trim().toLowerCase(),
      declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return styles;
}

/** A CSS length of the allow-list (em, rem, px) in points; undefined for anything else. */
export function lengthInPoints(value: string | undefined, fontSize: number): number | undefined {
  const match = /^(\d{1,4}(?:\.\d+)?)(em|rem|px)$/.exec(value ?? '');
  if (!match) return undefined;
  const amount = Number(match[1]);
  return match[2] === 'px' ? amount * 0.75 : amount * fontSize;
}

export const ALIGNMENTS = new Set<Alignment>(['left', 'right', 'center', 'justify']);
