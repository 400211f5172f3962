import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The one question before unsaved input is given up — leaving the screen, closing a modal,
 * selecting another work area over unsaved notes: react-admin's
 * "Some of your changes weren't saved. Are you sure you want to ignore them?". True to go on.
 */
export function useConfirmDiscard(): () => boolean {
  const translate = useTranslate();
  return useCallback(() => window.confirm(translate('ra.message.unsaved_changes')), [translate]);
}
