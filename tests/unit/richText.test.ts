import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/richText';

/** Markup as the shared editor (src/admin/richText) writes it. */
const editorHtml =
  '<p><strong>Payment</strong> is due net 30.</p>' +
  '<p style="text-align: center">Centered</p>' +
  '<p style="text-align: right; margin-left: 4em">Right, indented twice</p>' +
  '<p style="margin-left: 2em">Indented</p>' +
  '<p style="text-align: center; margin-left: 4em;">Centered, indented twice</p>' +
  '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li></ul>' +
  '<ol start="3"><li><p>three</p></li></ol>' +
  '<p>a<br>b <em>i</em> <u>u</u></p>';

describe('sanitizeRichText (the one allow-list of DESIGN "Rich text")', () => {
  it('keeps bold, lists, alignment and indentation', () => {
    const clean = sanitizeRichText(editorHtml);
    expect(clean).toContain('<strong>Payment</strong>');
    expect(clean).toContain('<p style="text-align:center">Centered</p>');
    expect(clean).toContain('<p style="text-align:right;margin-left:4em">Right, indented twice</p>');
    expect(clean).toContain('<p style="margin-left:2em">Indented</p>');
    expect(clean).toContain('<p style="text-align:center;margin-left:4em">Centered, indented twice</p>');
    expect(clean).toContain('<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li></ul>');
    expect(clean).toContain('<ol start="3"><li><p>three</p></li></ol>');
    expect(clean).toContain('<p>a<br />b <em>i</em> <u>u</u></p>');
  });

  it('is stable: sanitising clean markup again changes nothing', () => {
    const once = sanitizeRichText(editorHtml);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('drops scripts, event handlers and javascript: URLs', () => {
    const clean = sanitizeRichText(
      '<p onclick="steal()">x</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">link</a><iframe src="https://evil.example"></iframe>' +
        '<p style="background:url(javascript:alert(1))">y</p>',
    );
    expect(clean).toBe('<p>x</p>link<p>y</p>');
  });

  it('drops styles outside the allow-list and malformed values', () => {
    expect(sanitizeRichText('<p style="color: red; text-align: center; position: fixed">x</p>')).toBe('<p style="text-align:center">x</p>');
    expect(sanitizeRichText('<p style="margin-left: expression(alert(1))">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p style="text-align: centre">x</p>')).toBe('<p>x</p>');
  });

  it('keeps the text after an unclosed <style> (as text), and the markup after an unclosed <option>', () => {
    const clean = sanitizeRichText('<p>Before</p><style>body { color: red } <b>Mow</b> weekly');
    expect(clean).toBe('<p>Before</p>body { color: red } &lt;b&gt;Mow&lt;/b&gt; weekly');
    expect(sanitizeRichText(clean)).toBe(clean);
    expect(sanitizeRichText('<p>a</p><SCRIPT type="x">b <img src=x onerror=alert(1)>')).toBe(
      '<p>a</p>b &lt;img src=x onerror=alert(1)&gt;',
    );
    expect(sanitizeRichText('<p>a<option>x<p>y</p>')).toBe('<p>ax</p><p>y</p>');
    // Closed ones still go with their content, and what follows them stays.
    expect(sanitizeRichText('<style>.a{} <script></style><p>ok</p><script>x()</script><p>end</p>')).toBe('<p>ok</p><p>end</p>');
  });
});
