import type { EditorOptions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { TextAlign } from '@tiptap/extension-text-align';
import { Indent } from './indent';
import { LeaveWithEscape } from './leaveWithEscape';

export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;

/**
 * Only what the toolbar offers and the server's allow-list keeps (server/richText.ts):
 * paragraphs, line breaks, bold, italic, lists, alignment, indentation. Headings, code,
 * quotes, rules and strike-through are off, so typing `# ` cannot make markup that the
 * server would drop on save.
 */
export const richTextEditorOptions: Partial<EditorOptions> = {
  extensions: [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      blockquote: false,
      horizontalRule: false,
      strike: false,
    }),
    TextAlign.configure({ types: ['paragraph'], alignments: [...TEXT_ALIGNMENTS] }),
    Indent,
    LeaveWithEscape,
  ],
};
