import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertArea } from '../../../src/admin/alerts/AlertArea';
import { showSuccess } from '../../../src/admin/alerts/alertStore';

/**
 * Issue 20 #4: for 5 s after a save the alert covered the page title and the top of the page.
 * It now takes its own room above the page (sticky, in the flow), instead of lying over it
 * with no height of its own.
 */
describe('the alert area', () => {
  it('sits in the page flow above the page, taking room rather than covering the title', async () => {
    render(
      <>
        <AlertArea />
        <main>
          <h1>Fairway Estates HOA</h1>
        </main>
      </>,
    );
    act(() => showSuccess('Customer Saved'));
    const alert = screen.getByRole('alert');
    // Before the page in the document, so it pushes the heading down.
    expect(alert.compareDocumentPosition(screen.getByRole('heading')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const ancestors = () => {
      const styles: { position: string; height: string }[] = [];
      for (let box: HTMLElement | null = screen.getByTestId('alert-area'); box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        styles.push({ position: style.position, height: style.height });
      }
      return styles;
    };
    // No ancestor of the alert lies over the page: none is absolute or fixed, none is squeezed to
    // no height once it has slid open; one is sticky (it follows a page scrolled down).
    expect(ancestors().some((s) => s.position === 'absolute' || s.position === 'fixed')).toBe(false);
    expect(ancestors().some((s) => s.position === 'sticky')).toBe(true);
    await waitFor(() => expect(ancestors().some((s) => s.height === '0px')).toBe(false));
  });
});
