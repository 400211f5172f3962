import { ElementType, parseDocument } from 'htmlparser2';
import type { Alignment, Content, ContentText } from 'pdfmake/interfaces';
import { ALIGNMENTS, BLOCKS, DROPPED, HEADINGS, lengthInPoints, parseStyle } from './richTextElements';

/**
 * Rich text (work-area notes, term content) → pdfmake content, over the sanitiser's allow-list
 * (server/richText.ts): paragraphs and divs, line breaks, bold, italic, underline, bulleted and
 * numbered lists (nested, with `start`), blockquotes, text-align, and indentation from
 * margin-left / padding-left (the editor's Tab) and text-indent. Anything else is read as
 * plain text; scripts, styles and embedded objects are dropped whole. Nothing here can make
 * pdfmake fetch or read anything: no images, no links.
 */

type Node = ReturnType<typeof parseDocument>['children'][number];
type ElementNode = Extract<Node, { attribs: Record<string, string> }>;

export interface RichTextOptions {
  /** Font size of the text around, in points: 1em of indentation. */
  fontSize?: number;
  /** Space after each paragraph and list, in points. */
  paragraphSpacing?: number;
  /** Space after a paragraph inside a list item. */
  listItemSpacing?: number;
  /** Largest left indentation of a paragraph, in points (a hostile `margin-left: 999em` stops here). */
  maxIndent?: number;
}

const DEFAULTS: Required<RichTextOptions> = { fontSize: 10, paragraphSpacing: 4, listItemSpacing: 2, maxIndent: 200 };

const BULLETS = ['disc', 'circle', 'square'] as const;

/** Deeper nesting than this is read as plain text (hostile input must not exhaust the stack). */
const MAX_DEPTH = 64;
/** Lists nested deeper than the editor's 8 indent levels lose their markers and indentation. */
const MAX_LIST_DEPTH = 8;
const BLOCKQUOTE_INDENT_EM = 2;

interface InlineStyle {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
}

interface BlockStyle {
  alignment?: Alignment;
  /** Left indentation in points. */
  indent: number;
  /** First-line indentation in points. */
  leadingIndent?: number;
  spacing: number;
  bold?: boolean;
}

/** A piece of text with its style; `br` is a line break. */
interface Run extends InlineStyle {
  text: string;
  br?: boolean;
}

// Controls other than tab and newline have no glyph and no meaning on paper.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** HTML's collapsible white space (not the non-breaking space, which is kept). */
const COLLAPSIBLE = /[ \t\n\r\f]+/g;

class Converter {
  private readonly options: Required<RichTextOptions>;

  constructor(options: RichTextOptions) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The block style of an element inside `parent`: alignment is inherited, indents add up. */
  private blockStyleOf(element: ElementNode, parent: BlockStyle): BlockStyle {
    const styles = parseStyle(element.attribs.style);
    const { fontSize, maxIndent } = this.options;
    const align = styles.get('text-align') as Alignment | undefined;
    const left = (lengthInPoints(styles.get('margin-left'), fontSize) ?? 0) + (lengthInPoints(styles.get('padding-left'), fontSize) ?? 0);
    const quote = element.name === 'blockquote' ? BLOCKQUOTE_INDENT_EM * fontSize : 0;
    const leadingIndent = lengthInPoints(styles.get('text-indent'), fontSize);
    return {
      alignment: align && ALIGNMENTS.has(align) ? align : parent.alignment,
      indent: Math.min(maxIndent, parent.indent + left + quote),
      leadingIndent: leadingIndent === undefined ? undefined : Math.min(maxIndent, leadingIndent),
      spacing: parent.spacing,
      bold: parent.bold || HEADINGS.has(element.name),
    };
  }

  /**
   * Converts a sequence of sibling nodes into blocks appended to `out`. Inline content between
   * blocks gathers into anonymous paragraphs.
   */
  convertNodes(nodes: readonly Node[], block: BlockStyle, inline: InlineStyle, listDepth: number, depth: number, out: Content[]): void {
    let runs: Run[] = [];
    const flush = (force = false) => {
      const paragraph = this.paragraph(runs, block, force);
      if (paragraph) out.push(paragraph);
      runs = [];
    };
    const walkInline = (children: readonly Node[], style: InlineStyle, level: number) => {
      for (const node of children) {
        if (node.type === ElementType.Text) {
          runs.push({ text: node.data, ...style });
          continue;
        }
        if (!('attribs' in node)) continue; // comments, directives, CDATA
        const name = node.name.toLowerCase();
        if (DROPPED.has(name) || node.type === ElementType.Script || node.type === ElementType.Style) continue;
        if (level > MAX_DEPTH) {
          runs.push({ text: plainText(node), ...style });
        } else if (name === 'br') {
          runs.push({ text: '\n', br: true });
        } else if (name === 'ul' || name === 'ol') {
          flush();
          out.push(this.list(node, block, style, listDepth, level + 1));
        } else if (BLOCKS.has(name)) {
          flush();
          const inner = this.blockStyleOf(node, block);
          const before = out.length;
          this.convertNodes(node.children, inner, style, listDepth, level + 1, out);
          // An empty paragraph is a blank line the user typed.
          if (out.length === before && name !== 'hr') {
            const blank = this.paragraph([], inner, true);
            if (blank) out.push(blank);
          }
        } else {
          walkInline(node.children, inlineStyleOf(name, style), level + 1);
        }
      }
    };
    walkInline(nodes, inline, depth);
    flush();
  }

  /** A paragraph of runs with HTML's white-space collapsing; undefined when there is nothing to show. */
  private paragraph(runs: Run[], block: BlockStyle, keepBlank = false): ContentText | undefined {
    const pieces: Run[] = [];
    let afterSpace = true; // at the start of a line, leading white space goes
    for (const run of runs) {
      if (run.br) {
        const last = pieces[pieces.length - 1];
        if (last && !last.br) last.text = last.text.replace(/ $/, '');
        pieces.push(run);
        afterSpace = true;
        continue;
      }
      let text = run.text.replace(CONTROL_CHARACTERS, '').replace(COLLAPSIBLE, ' ');
      if (afterSpace) text = text.replace(/^ /, '');
      if (!text) continue;
      afterSpace = text.endsWith(' ');
      const previous = pieces[pieces.length - 1];
      if (previous && !previous.br && sameStyle(previous, run)) previous.text += text;
      else pieces.push({ ...run, text });
    }
    const last = pieces[pieces.length - 1];
    if (last && !last.br) last.text = last.text.replace(/ $/, '');
    const visible = pieces.filter((p) => p.text !== '');
    if (!visible.some((p) => !p.br) && !keepBlank) return undefined;
    const text: ContentText['text'] = visible.length
      ? visible.map((p) => {
          const piece: ContentText = { text: p.text };
          if (p.bold || (block.bold && !p.br)) piece.bold = true;
          if (p.italics) piece.italics = true;
          if (p.underline) piece.decoration = 'underline';
          return piece;
        })
      : ' ';
    const paragraph: ContentText = { text, margin: [block.indent, 0, 0, block.spacing] };
    if (block.alignment) paragraph.alignment = block.alignment;
    if (block.leadingIndent) paragraph.leadingIndent = block.leadingIndent;
    return paragraph;
  }

  private list(element: ElementNode, parent: BlockStyle, inline: InlineStyle, listDepth: number, depth: number): Content {
    const ordered = element.name.toLowerCase() === 'ol';
    const own = this.blockStyleOf(element, parent);
    const itemBlock: BlockStyle = { alignment: own.alignment, indent: 0, spacing: this.options.listItemSpacing, bold: own.bold };
    const nested = listDepth + 1;
    const items: Content[] = [];
    for (const child of element.children) {
      if (child.type === ElementType.Text && !child.data.replace(COLLAPSIBLE, '')) continue;
      const parts: Content[] = [];
      const isItem = 'attribs' in child && child.name.toLowerCase() === 'li';
      if (isItem) {
        const itemStyle = this.blockStyleOf(child, itemBlock);
        this.convertNodes(child.children, itemStyle, inline, nested, depth + 1, parts);
        if (!parts.length) parts.push({ text: ' ', margin: [itemStyle.indent, 0, 0, itemStyle.spacing] });
      } else {
        // Stray content in a list (not written by the editor): an item of its own.
        this.convertNodes([child], itemBlock, inline, nested, depth + 1, parts);
      }
      if (parts.length === 1) items.push(parts[0]);
      else if (parts.length > 1) items.push({ stack: parts });
    }
    const margin: [number, number, number, number] = [own.indent, 0, 0, parent.spacing];
    if (!items.length) return { text: '', margin: [0, 0, 0, 0] };
    // Past the deepest level the items stand as paragraphs, so the text keeps its width.
    if (listDepth >= MAX_LIST_DEPTH) return { stack: items, margin };
    if (ordered) {
      const start = Number(element.attribs.start);
      const list: Content = { ol: items, margin };
      if (Number.isSafeInteger(start) && start > 0 && start < 1_000_000 && start !== 1) list.start = start;
      return list;
    }
    return { ul: items, type: BULLETS[listDepth % BULLETS.length], margin };
  }
}

const sameStyle = (a: InlineStyle, b: InlineStyle) =>
  Boolean(a.bold) === Boolean(b.bold) && Boolean(a.italics) === Boolean(b.italics) && Boolean(a.underline) === Boolean(b.underline);

function inlineStyleOf(name: string, style: InlineStyle): InlineStyle {
  switch (name) {
    case 'strong':
    case 'b':
      return { ...style, bold: true };
    case 'em':
    case 'i':
      return { ...style, italics: true };
    case 'u':
      return { ...style, underline: true };
    default:
      return style;
  }
}

/** The text of a subtree, walked without recursion (for content nested beyond MAX_DEPTH). */
function plainText(root: Node): string {
  const parts: string[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === ElementType.Text) parts.push(node.data);
    else if ('attribs' in node && !DROPPED.has(node.name.toLowerCase()) && node.type === ElementType.Tag) {
      if (node.name.toLowerCase() === 'br') parts.push(' ');
      for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i]);
    }
  }
  return parts.join('');
}

/**
 * Converts rich text to pdfmake blocks (paragraphs and lists, each with its own margins), to be
 * placed in a `stack`. Blank or missing text gives no blocks.
 */
export function richTextToPdf(html: string | null | undefined, options: RichTextOptions = {}): Content[] {
  if (!html) return [];
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const converter = new Converter(options);
  const out: Content[] = [];
  const spacing = options.paragraphSpacing ?? DEFAULTS.paragraphSpacing;
  converter.convertNodes(document.children, { indent: 0, spacing }, {}, 0, 0, out);
  return out;
}
