import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

/** What the toolbar tells keyboard users (the editor keeps Tab for indenting, SPEC §2). */
export const LEAVE_EDITOR_HELP = 'Tab indents. To leave the editor: Escape, then Tab or Shift+Tab.';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Focus the next (1) or previous (-1) element of the Tab order, inside an open dialog if there is one. */
export function focusNeighbour(from: HTMLElement, direction: 1 | -1): void {
  const scope = from.closest<HTMLElement>('[role="dialog"]') ?? document.body;
  const candidates = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element === from || (!from.contains(element) && element.getClientRects().length > 0),
  );
  const here = candidates.indexOf(from);
  const target = candidates[here + direction];
  target?.focus();
}

/**
 * Out of the editor by keyboard (WCAG 2.1.2 "No Keyboard Trap"), the way other editors do it:
 * Escape, then Tab or Shift+Tab moves focus to the next or previous control. The first Escape
 * stays in the editor (it does not close the dialog around it); any other key cancels it.
 */
export const LeaveWithEscape = Extension.create({
  name: 'leaveWithEscape',
  // Before the Tab of indenting and of lists.
  priority: 1000,

  addProseMirrorPlugins() {
    let leaving = false;
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            focus: () => {
              leaving = false;
              return false;
            },
          },
          handleKeyDown: (view, event) => {
            if (event.key === 'Escape') {
              if (leaving) return false; // a second Escape is the dialog's
              leaving = true;
              event.stopPropagation();
              return true;
            }
            if (event.key === 'Tab' && leaving && !event.ctrlKey && !event.altKey && !event.metaKey) {
              leaving = false;
              focusNeighbour(view.dom, event.shiftKey ? -1 : 1);
              return true;
            }
            if (!['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) leaving = false;
            return false;
          },
        },
      }),
    ];
  },
});
