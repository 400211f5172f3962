/**
 * The one question before unsaved input is given up (src/admin/forms/useConfirmDiscard.ts):
 * react-admin's ra.message.unsaved_changes in English, asked with window.confirm. Tests answer
 * it with `answerUnsavedQuestion(false)` (keep the input) or `(true)` (give it up).
 */
import { vi, type MockInstance } from 'vitest';

export const UNSAVED_CHANGES = "Some of your changes weren't saved. Are you sure you want to ignore them?";

let spy: MockInstance<typeof window.confirm> | undefined;

/** Answers every question from now on with `answer`; returns the spy to read what was asked. */
export function answerUnsavedQuestion(answer: boolean): MockInstance<typeof window.confirm> {
  spy ??= vi.spyOn(window, 'confirm');
  spy.mockReturnValue(answer);
  return spy;
}

/**
 * Called after every UI test by tests/ui/setup.ts: the UI files share their modules (no
 * isolation), so a hook registered here would run only in the first file that imported it.
 */
export function forgetUnsavedQuestion(): void {
  spy?.mockRestore();
  spy = undefined;
}
