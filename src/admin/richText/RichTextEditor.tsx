import { useId, useMemo } from 'react';
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
  // Its description is the toolbar's help: how to leave it by keyboard.
  const helpId = useId();
  const editorOptions = useMemo(
    () => ({
      ...richTextEditorOptions,
      editorProps: {
        attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, 'aria-describedby': helpId },
      },
    }),
    [label, helpId],
  );
  return (
    <RichTextInput
      {...props}
      label={hideLabel ? false : label}
      editorOptions={editorOptions}
      toolbar={<RichTextToolbar helpId={helpId} />}
      sx={EDITOR_SX}
    />
  );
}
