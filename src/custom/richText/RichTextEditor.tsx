import { useEffect, useId, useMemo, useRef } from 'react';
import { FormControl, FormHelperText, FormLabel } from '@mui/material';
import { styled } from '@mui/material/styles';
import { EditorContent, useEditor } from '@tiptap/react';
import { TiptapEditorProvider } from 'ra-input-rich-text';
import { useInput, type InputProps } from 'react-admin';
import { richTextEditorOptions } from './editorOptions';
import { RichTextToolbar } from './RichTextToolbar';

export type RichTextEditorProps = Pick<InputProps, 'source' | 'label' | 'helperText' | 'validate' | 'disabled' | 'readOnly'> & {
  label: string;
};

const EditorFrame = styled('div')(({ theme }) => ({
  '& .ProseMirror': {
    minHeight: 160,
    padding: theme.spacing(1, 1.5),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
    outline: 'none',
    '&:focus': { borderColor: theme.palette.primary.main, boxShadow: `0 0 0 1px ${theme.palette.primary.main}` },
    '&[contenteditable="false"]': { backgroundColor: theme.palette.action.disabledBackground },
    '& p': { margin: '0 0 0.75em 0' },
    '& p:last-child': { marginBottom: 0 },
  },
}));

/** What the editor holds, as the form stores it: empty text is '' rather than '<p></p>'. */
const htmlOf = (editor: { isEmpty: boolean; getHTML(): string }) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The one rich-text editor of the application (term content, work area notes): a react-admin
 * input with the notes toolbar, on ra-input-rich-text's editor context. Load it through
 * LazyRichTextInput.
 *
 * It does not use ra-input-rich-text's RichTextInput: that one is written for TipTap 3 and,
 * on the TipTap 2 this project pins, re-parses the content after every keystroke, which eats
 * trailing spaces and drops a toggled-off bold. Here the form value goes into the editor only
 * when it changed from outside (a reset, a record loaded), never as the echo of typing.
 */
export default function RichTextEditor({ label, helperText, disabled = false, readOnly = false, ...props }: RichTextEditorProps) {
  const { id, field, fieldState, isRequired } = useInput({ ...props, defaultValue: '' });
  const labelId = useId();
  const lastWritten = useRef<string | null>(null);
  const editable = !disabled && !readOnly;

  const editorProps = useMemo(
    () => ({ attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } }),
    [id, labelId],
  );
  const editor = useEditor({
    ...richTextEditorOptions,
    content: field.value ?? '',
    editable,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      lastWritten.current = html;
      field.onChange(html);
    },
    onBlur: () => field.onBlur(),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const value = (field.value as string | null | undefined) ?? '';
    if (value === lastWritten.current || value === htmlOf(editor)) return;
    lastWritten.current = value;
    editor.commands.setContent(value, false, { preserveWhitespace: 'full' });
  }, [editor, field.value]);

  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  const error = fieldState.error?.message;
  return (
    <FormControl fullWidth error={Boolean(error)} margin="dense">
      <FormLabel id={labelId} required={isRequired} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      {editor && (
        <TiptapEditorProvider value={editor}>
          {editable && <RichTextToolbar />}
          <EditorFrame>
            <EditorContent editor={editor} />
          </EditorFrame>
        </TiptapEditorProvider>
      )}
      {(error || helperText) && <FormHelperText>{error ?? helperText}</FormHelperText>}
    </FormControl>
  );
}
