import { describe, expect, it } from 'vitest';
import { INDENT_EM, MAX_INDENT, indentFromStyle } from '../../src/admin/richText/indent';

describe('indentFromStyle (reading saved indentation back into the editor)', () => {
  it.each([
    ['', 0],
    ['0em', 0],
    [`${INDENT_EM}em`, 1],
    [`${2 * INDENT_EM}em`, 2],
    ['3em', 2],
    [' 2em ', 1],
    ['100em', MAX_INDENT],
    ['10px', 0],
    ['-2em', 0],
    ['2rem', 0],
  ])('margin-left %j → level %s', (style, level) => {
    expect(indentFromStyle(style)).toBe(level);
  });
});
