import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { richTextEditorOptions } from './editorOptions';
import { RichTextToolbar } from './RichTextToolbar';

export type RichTextEditorProps = Omit<RichTextInputProps, 'editorOptions' | 'toolbar'>;

/**
 * The one rich-text editor of the application (term content, work area notes): a react-admin
 * input on ra-input-rich-text with the notes toolbar. Load it through LazyRichTextInput.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  return <RichTextInput {...props} editorOptions={richTextEditorOptions} toolbar={<RichTextToolbar />} />;
}
