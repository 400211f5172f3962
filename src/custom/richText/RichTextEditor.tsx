import { useMemo } from 'react';
import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { richTextEditorOptions } from './editorOptions';
import { RichTextToolbar } from './RichTextToolbar';

export type RichTextEditorProps = Pick<RichTextInputProps, 'source' | 'helperText' | 'validate' | 'disabled' | 'readOnly'> & {
  label: string;
  /** The label names the editor for screen readers only (a heading above already says what it is). */
  hideLabel?: boolean;
};

/** An empty editor still looks like a place to write a few lines. */
const EDITOR_SX = { '& .ProseMirror': { minHeight: '6em' } } as const;

/**
 * The one rich-text input of the application (term content, work area notes, service
 * descriptions): ra-input-rich-text's RichTextInput with the notes toolbar and only the
 * markup the server's allow-list keeps. Load it through LazyRichTextInput.
 */
export default function RichTextEditor({ label, hideLabel = false, ...props }: RichTextEditorProps) {
  // The editable area is named by the label, as a screen reader (and a test) finds it.
  const editorOptions = useMemo(
    () => ({
      ...richTextEditorOptions,
      editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    }),
    [label],
  );
  return (
    <RichTextInput
      {...props}
      label={hideLabel ? false : label}
      editorOptions={editorOptions}
      toolbar={<RichTextToolbar />}
      sx={EDITOR_SX}
    />
  );
}
