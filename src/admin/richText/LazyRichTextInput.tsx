import { lazy, Suspense } from 'react';
import { Skeleton } from '@mui/material';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * The shared rich-text input, its editor code (TipTap, ProseMirror) loaded only when a
 * screen shows it. Use inside a react-admin <Form> like any input: `source`, `label`.
 */
export function LazyRichTextInput(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading editor" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
