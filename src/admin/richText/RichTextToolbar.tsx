import type { ReactNode } from 'react';
import { Box, Stack, ToggleButton, Typography } from '@mui/material';
import FormatAlignCenter from '@mui/icons-material/FormatAlignCenter';
import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRight from '@mui/icons-material/FormatAlignRight';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatIndentIncrease from '@mui/icons-material/FormatIndentIncrease';
import FormatIndentDecrease from '@mui/icons-material/FormatIndentDecrease';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { LEAVE_EDITOR_HELP } from './leaveWithEscape';

interface ToolbarState {
  bold: boolean;
  list: boolean;
  align: 'left' | 'center' | 'right';
}

function toolbarState(editor: Editor | null): ToolbarState {
  if (!editor) return { bold: false, list: false, align: 'left' };
  const align = editor.isActive({ textAlign: 'center' }) ? 'center' : editor.isActive({ textAlign: 'right' }) ? 'right' : 'left';
  return { bold: editor.isActive('bold'), list: editor.isActive('bulletList'), align };
}

interface ButtonProps {
  label: string;
  icon: ReactNode;
  selected?: boolean;
  disabled: boolean;
  onClick: () => void;
}

function ToolbarButton({ label, icon, selected = false, disabled, onClick }: ButtonProps) {
  return (
    <ToggleButton
      value={label}
      size="small"
      aria-label={label}
      title={label}
      selected={selected}
      disabled={disabled}
      // Keep the editor's selection: the click must not take focus away from the text.
      onMouseDown={(event) => event.preventDefault()}
      onChange={onClick}
    >
      {icon}
    </ToggleButton>
  );
}

/**
 * The toolbar of the notes editor (SPEC §2): bold, list, left, center and right; the Tab key
 * indents (indent and outdent are also offered as buttons for those who do not use Tab).
 */
export function RichTextToolbar({ helpId }: { helpId?: string }) {
  const editor = useTiptapEditor();
  const state = useEditorState({ editor, selector: ({ editor }) => toolbarState(editor) }) ?? toolbarState(null);
  const disabled = !editor?.isEditable;
  const run = (action: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => {
    if (editor) action(editor.chain().focus()).run();
  };

  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={0.5} role="toolbar" aria-label="Formatting" sx={{ flexWrap: 'wrap' }}>
        <ToolbarButton label="Bold" icon={<FormatBold />} selected={state.bold} disabled={disabled} onClick={run((c) => c.toggleBold())} />
        <ToolbarButton
          label="List"
          icon={<FormatListBulleted />}
          selected={state.list}
          disabled={disabled}
          onClick={run((c) => c.toggleBulletList())}
        />
        <ToolbarButton
          label="Align left"
          icon={<FormatAlignLeft />}
          selected={state.align === 'left'}
          disabled={disabled}
          onClick={run((c) => c.unsetTextAlign())}
        />
        <ToolbarButton
          label="Center"
          icon={<FormatAlignCenter />}
          selected={state.align === 'center'}
          disabled={disabled}
          onClick={run((c) => c.setTextAlign('center'))}
        />
        <ToolbarButton
          label="Align right"
          icon={<FormatAlignRight />}
          selected={state.align === 'right'}
          disabled={disabled}
          onClick={run((c) => c.setTextAlign('right'))}
        />
        <ToolbarButton label="Indent" icon={<FormatIndentIncrease />} disabled={disabled} onClick={run((c) => c.indent())} />
        <ToolbarButton label="Outdent" icon={<FormatIndentDecrease />} disabled={disabled} onClick={run((c) => c.outdent())} />
      </Stack>
      <Typography id={helpId} variant="caption" color="text.secondary">
        {LEAVE_EDITOR_HELP}
      </Typography>
    </Box>
  );
}
