import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import { richTextToPdf } from '../../server/documents/richTextToPdf';
import { renderPdf } from '../../server/documents/pdfRenderer';
import { sanitizeRichText } from '../../server/richText';

const convert = (html: string) => richTextToPdf(html, { fontSize: 10, paragraphSpacing: 4, listItemSpacing: 2 });
/** A paragraph's runs as [text, styles] pairs. */
const runs = (block: Content) =>
  (
    (block as { text: { text: string; bold?: boolean; italics?: boolean; decoration?: string }[] }).text as unknown as Record<
      string,
      unknown
    >[]
  ).map(({ text, ...style }) => [text, style]);
const json = (value: unknown) => JSON.stringify(value);

describe('richTextToPdf: inline styles', () => {
  it('bold (strong, b), italic (em, i), underline (u), combined when nested', () => {
    const [block] = convert('<p>a <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <b><i><u>all</u></i></b></p>');
    expect(runs(block)).toEqual([
      ['a ', {}],
      ['s', { bold: true }],
      [' ', {}],
      ['b', { bold: true }],
      [' ', {}],
      ['e', { italics: true }],
      [' ', {}],
      ['i', { italics: true }],
      [' ', {}],
      ['u', { decoration: 'underline' }],
      [' ', {}],
      ['all', { bold: true, italics: true, decoration: 'underline' }],
    ]);
  });

  it('a line break is a new line in the same paragraph; spans are transparent', () => {
    const [block] = convert('<p>first<br>second <span style="text-align:center">third</span><br/></p>');
    expect(runs(block)).toEqual([
      ['first', {}],
      ['\n', {}],
      ['second third', {}],
      ['\n', {}],
    ]);
  });

  it('collapses white space like a browser, keeps non-breaking spaces, decodes entities', () => {
    const [block] = convert(
      '<p>\n  Fish &amp; chips\t &lt;b&gt; &quot;q&quot; &#39;s&#39;&nbsp;&nbsp;x &eacute;t&eacute; &#x2014; 2&frac12;"\n</p>',
    );
    expect(runs(block)).toEqual([['Fish & chips <b> "q" \'s\'\u00a0\u00a0x été — 2½"', {}]]);
  });
});

describe('richTextToPdf: blocks', () => {
  it('paragraphs and divs with spacing; an empty paragraph is a blank line', () => {
    const blocks = convert('<p>one</p><p></p><div>two</div>');
    expect(blocks).toEqual([
      { text: [{ text: 'one' }], margin: [0, 0, 0, 4] },
      { text: ' ', margin: [0, 0, 0, 4] },
      { text: [{ text: 'two' }], margin: [0, 0, 0, 4] },
    ]);
  });

  it('text-align left, right, center and justify, inherited by the blocks inside', () => {
    const blocks = convert(
      '<p style="text-align: left">l</p><p style="text-align:right">r</p><p style="text-align:center">c</p>' +
        '<p style="text-align:justify">j</p><div style="text-align:center"><p>inner</p></div><p style="text-align:middle">bad</p>',
    );
    expect(blocks.map((b) => (b as { alignment?: string }).alignment)).toEqual(['left', 'right', 'center', 'justify', 'center', undefined]);
  });

  it('indentation: margin-left and padding-left in em, rem and px add up; text-indent indents the first line; blockquote indents', () => {
    const blocks = convert(
      '<p style="margin-left: 2em">one level</p><p style="margin-left:4em">two</p><p style="padding-left: 16px">px</p>' +
        '<p style="margin-left:1rem;padding-left:1em">both</p><p style="text-indent: 3em">first line</p>' +
        '<div style="margin-left:2em"><p style="margin-left:2em">nested</p></div><blockquote><p>quoted</p></blockquote>',
    );
    expect(blocks.map((b) => (b as { margin: number[] }).margin[0])).toEqual([20, 40, 12, 20, 0, 40, 20]);
    expect((blocks[4] as { leadingIndent?: number }).leadingIndent).toBe(30);
  });

  it('a hostile indentation stops at the limit, and malformed lengths are ignored', () => {
    const blocks = convert(
      '<p style="margin-left: 999em; text-indent: 999em">far</p><p style="margin-left: -5em">neg</p><p style="margin-left: calc(100%)">calc</p>',
    );
    expect((blocks[0] as { margin: number[] }).margin[0]).toBe(200);
    expect((blocks[0] as { leadingIndent?: number }).leadingIndent).toBe(200);
    expect((blocks[1] as { margin: number[] }).margin[0]).toBe(0);
    expect((blocks[2] as { margin: number[] }).margin[0]).toBe(0);
  });

  it('headings and other block tags outside the allow-list become paragraphs (headings bold)', () => {
    const blocks = convert('<h2>Title</h2><section>body</section>');
    expect(runs(blocks[0])).toEqual([['Title', { bold: true }]]);
    expect(runs(blocks[1])).toEqual([['body', {}]]);
  });
});

describe('richTextToPdf: lists', () => {
  it('bulleted and numbered lists as the editor writes them (items wrapped in paragraphs)', () => {
    const [bullets, numbers] = convert(
      '<ul><li><p>one</p></li><li><p><b>two</b></p></li></ul><ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>',
    );
    expect(bullets).toEqual({
      ul: [
        { text: [{ text: 'one' }], margin: [0, 0, 0, 2] },
        { text: [{ text: 'two', bold: true }], margin: [0, 0, 0, 2] },
      ],
      type: 'disc',
      margin: [0, 0, 0, 4],
    });
    expect(numbers).toMatchObject({ ol: [{ text: [{ text: 'three' }] }, { text: [{ text: 'four' }] }], start: 3 });
  });

  it('nested lists sit in their item with disc, circle, square bullets; items without paragraphs too', () => {
    const [list] = convert('<ul><li>top<ul><li>second<ul><li>third</li></ul></li></ul></li></ul>');
    expect(json(list)).toBe(
      json({
        ul: [
          {
            stack: [
              { text: [{ text: 'top' }], margin: [0, 0, 0, 2] },
              {
                ul: [
                  {
                    stack: [
                      { text: [{ text: 'second' }], margin: [0, 0, 0, 2] },
                      { ul: [{ text: [{ text: 'third' }], margin: [0, 0, 0, 2] }], type: 'square', margin: [0, 0, 0, 2] },
                    ],
                  },
                ],
                type: 'circle',
                margin: [0, 0, 0, 2],
              },
            ],
          },
        ],
        type: 'disc',
        margin: [0, 0, 0, 4],
      }),
    );
  });

  it('an ordered list ignores a start that is not a positive number', () => {
    for (const start of ['0', '-2', 'abc', '1', '99999999999']) {
      expect(convert(`<ol start="${start}"><li>x</li></ol>`)[0]).not.toHaveProperty('start');
    }
  });

  it('an aligned or indented item keeps its alignment and indentation; an empty item keeps its bullet', () => {
    const [list] = convert('<ul><li><p style="text-align:center">mid</p></li><li><p style="margin-left:2em">in</p></li><li></li></ul>');
    const items = (list as unknown as { ul: Record<string, unknown>[] }).ul;
    expect(items[0]).toMatchObject({ alignment: 'center' });
    expect(items[1]).toMatchObject({ margin: [20, 0, 0, 2] });
    expect(items[2]).toEqual({ text: ' ', margin: [0, 0, 0, 2] });
  });

  it('stray content inside a list becomes an item; an empty list is nothing', () => {
    const [list] = convert('<ul>loose text<li>item</li><p>para</p></ul>');
    expect((list as { ul: unknown[] }).ul).toHaveLength(3);
    expect(json(convert('<ul> </ul>'))).toBe(json([{ text: '', margin: [0, 0, 0, 0] }]));
  });
});

describe('richTextToPdf: hostile and broken input', () => {
  it('drops scripts, styles, images, iframes and forms whole; keeps link text without the link', () => {
    const blocks = convert(
      '<p>a<script>alert(1)</script>b</p><style>p{color:red}</style><img src="http://example.com/x.png" onerror="x()">' +
        '<iframe src="https://evil.example">inner</iframe><a href="javascript:alert(1)" onclick="x()">link</a>' +
        '<svg><text>svg</text></svg><textarea>typed</textarea><!-- comment --><![CDATA[cdata]]>',
    );
    const text = json(blocks);
    expect(text).toContain('"ab"');
    expect(text).toContain('link');
    for (const gone of ['alert', 'color:red', 'example.com', 'inner', 'svg', 'typed', 'comment', 'cdata', 'onclick', 'javascript']) {
      expect(text).not.toContain(gone);
    }
    const keys = new Set<string>();
    JSON.parse(text, (key, value) => (keys.add(key), value));
    expect([...keys].filter((key) => !/^\d*$/.test(key)).sort()).toEqual(['margin', 'text']);
  });

  it('reads unclosed and misnested tags the way a browser would, without losing text', () => {
    const blocks = convert('<p><b>bold<p>next</i> plain<ul><li>one<li>two</ul><p>end');
    const text = json(blocks);
    for (const word of ['bold', 'next', 'plain', 'one', 'two', 'end']) expect(text).toContain(word);
    expect(json(runs(blocks[0]))).toBe(json([['bold', { bold: true }]]));
  });

  it('strips NUL and control characters; blank or missing text gives nothing', () => {
    expect(runs(convert('<p>a\u0000b\u0007c\u001fd</p>')[0])).toEqual([['abcd', {}]]);
    expect(convert('')).toEqual([]);
    expect(convert(null as unknown as string)).toEqual([]);
    expect(convert('   \n ')).toEqual([]);
    expect(convert('<p> </p>')).toEqual([{ text: ' ', margin: [0, 0, 0, 4] }]);
  });

  it('survives very deep nesting (no stack overflow) and caps list nesting', () => {
    const deep = `${'<b>'.repeat(20000)}deep text${'</b>'.repeat(20000)}`;
    expect(json(convert(deep))).toContain('deep text');
    const lists = `${'<ul><li>level'.repeat(30)}${'</li></ul>'.repeat(30)}`;
    const nested = json(convert(lists));
    expect(nested.split('"ul"').length - 1).toBeLessThanOrEqual(9);
    expect(nested.split('level').length - 1).toBe(30);
  });

  it('whatever it is given, pdfmake renders it', async () => {
    const hostile =
      '<p style="margin-left:999em">x</p>' +
      '<ol start="999999"><li>y</li></ol>' +
      `${'<ul><li>z'.repeat(40)}` +
      '<p>\u0000\u202e\ud800</p>' +
      '<b>'.repeat(500);
    const content = [...convert(hostile), ...richTextToPdf(sanitizeRichText(hostile))];
    const pdf = await renderPdf({ content, defaultStyle: { font: 'Roboto' } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
