import { Extension, type CommandProps } from '@tiptap/core';

/** Indent levels a paragraph can take, and the width of one (kept by server/richText.ts). */
export const MAX_INDENT = 8;
export const INDENT_EM = 2;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** Moves the selected paragraphs one level right (nests the list item in a list). */
      indent: () => ReturnType;
      /** Moves the selected paragraphs one level left (lifts the list item in a list). */
      outdent: () => ReturnType;
    };
  }
}

export function indentFromStyle(marginLeft: string): number {
  const match = /^(\d+(?:\.\d+)?)em$/.exec(marginLeft.trim());
  if (!match) return 0;
  return Math.max(0, Math.min(MAX_INDENT, Math.round(Number(match[1]) / INDENT_EM)));
}

const shiftIndent =
  (delta: number) =>
  ({ tr, state, dispatch, editor, commands }: CommandProps): boolean => {
    if (editor.isActive('listItem')) return delta > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
    let changed = false;
    const { from, to } = state.selection;
    state.doc.nodesBetween(from, to, (node, pos) => {
      if (node.type.name !== 'paragraph') return true;
      const current = Number(node.attrs.indent) || 0;
      const next = Math.max(0, Math.min(MAX_INDENT, current + delta));
      if (next !== current) {
        changed = true;
        if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
      }
      return false;
    });
    return changed;
  };

/**
 * The Tab key indents (SPEC §2 "Notes editor"): a paragraph moves right by INDENT_EM per
 * level, written as `style="margin-left: Nem"`; in a list, Tab nests the item instead.
 * Shift-Tab undoes either. Tab alone never leaves the editor, so typing a Tab never loses
 * focus; Escape first does (leaveWithEscape.ts).
 */
export const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element: HTMLElement) => indentFromStyle(element.style.marginLeft),
            renderHTML: (attributes: Record<string, unknown>) => {
              const level = Number(attributes.indent) || 0;
              return level > 0 ? { style: `margin-left: ${level * INDENT_EM}em` } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    return { indent: () => shiftIndent(1), outdent: () => shiftIndent(-1) };
  },

  addKeyboardShortcuts() {
    return {
      Tab: () => {
        this.editor.commands.indent();
        return true;
      },
      'Shift-Tab': () => {
        this.editor.commands.outdent();
        return true;
      },
    };
  },
});
