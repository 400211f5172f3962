import { useMemo } from 'react';
import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { richTextEditorOptions } from './editorOptions';
import { RichTextToolbar } from './RichTextToolbar';

export type RichTextEditorProps = Pick<RichTextInputProps, 'source' | 'helperText' | 'validate' | 'disabled' | 'readOnly'> & {
  label: string;
};

/**
 * The one rich-text input of the application (term content, work area notes, service
 * descriptions): ra-input-rich-text's RichTextInput with the notes toolbar and only the
 * markup the server's allow-list keeps. Load it through LazyRichTextInput.
 */
export default function RichTextEditor({ label, ...props }: RichTextEditorProps) {
  // The editable area is named by the label, as a screen reader (and a test) finds it.
  const editorOptions = useMemo(
    () => ({
      ...richTextEditorOptions,
      editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    }),
    [label],
  );
  return <RichTextInput {...props} label={label} editorOptions={editorOptions} toolbar={<RichTextToolbar />} />;
}
