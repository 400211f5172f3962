import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpdateParams } from 'react-admin';
import type { Editor } from '@tiptap/core';
import { EntityDetailPage } from '../../../src/admin/generic/EntityDetailPage';
import { termsConditions } from '../../../src/schema';

const TermConditionEdit = () => <EntityDetailPage entity={termsConditions} />;
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';

beforeAll(() => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const term = {
  id: 4,
  name: 'Payment Terms',
  content: '<p><strong>Net 30</strong> from invoice.</p><p style="text-align:center">Centered</p><p style="margin-left:2em">Indented</p>',
  isAuto: 1,
  order: 1,
  version: 3,
};

function renderDetail(record = term) {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...params.previousData, ...params.data, version: record.version + 1 },
  }));
  const deleteOne = vi.fn(async () => ({ data: record }));
  const { location } = renderAdmin(routes({ '/termsConditions/:id': <TermConditionEdit />, '/termsConditions': <p>Terms list</p> }), {
    dataProvider: fakeDataProvider({ getOne: async () => ({ data: record }), update, delete: deleteOne }),
    initialEntries: ['/termsConditions/4'],
  });
  return { update, deleteOne, location };
}

const editorArea = () => document.querySelector('.ProseMirror') as HTMLElement;

async function loaded() {
  expect(await screen.findByRole('heading', { name: 'Payment Terms' })).toBeInTheDocument();
  await waitFor(() => expect(editorArea()).not.toBeNull());
  await waitFor(() => expect(editorArea()).toHaveTextContent('Centered'));
}

/** Puts the caret in the paragraph holding `text`, as a click would (jsdom has no layout to click on). */
function placeCaretIn(text: string) {
  const editor = (editorArea() as HTMLElement & { editor: Editor }).editor;
  let position = -1;
  editor.state.doc.descendants((node, pos) => {
    if (position === -1 && node.type.name === 'paragraph' && node.textContent === text) position = pos + 1;
    return position === -1;
  });
  expect(position).toBeGreaterThan(-1);
  act(() => {
    editor.commands.setTextSelection(position);
  });
}

/** The saved HTML as elements, to check structure and styles whatever the attribute spacing. */
function savedContent(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('Term & Condition detail', () => {
  it('shows the name, the always-include checkbox and the formatted content with the notes toolbar', async () => {
    renderDetail();
    await loaded();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Payment Terms');
    expect(screen.getByRole('checkbox', { name: 'Always Include on Proposals' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Content' })).toBe(editorArea());
    expect(editorArea().querySelector('strong')).toHaveTextContent('Net 30');
    expect(within(editorArea()).getByText('Centered')).toHaveStyle({ textAlign: 'center' });
    expect(within(editorArea()).getByText('Indented')).toHaveStyle({ marginLeft: '2em' });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'List', 'Align left', 'Center', 'Align right']) {
      expect(within(toolbar).getByRole('button', { name })).toBeEnabled();
    }
  });

  it('saves name, flag and content as they are, and says so', async () => {
    const { update } = renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Always Include on Proposals' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Payment' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const { data } = update.mock.calls[0][1];
    expect(data).toMatchObject({ name: 'Payment', isAuto: 0, order: 1, version: 3 });
    // Untouched content goes back exactly as it came.
    expect(data.content).toBe(term.content);
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Term & Condition Saved' }));
  });

  it('indents a paragraph with Tab and undoes it with Shift-Tab', async () => {
    const { update } = renderDetail();
    await loaded();
    placeCaretIn('Centered');
    fireEvent.keyDown(editorArea(), { key: 'Tab', code: 'Tab' });
    await waitFor(() => expect(within(editorArea()).getByText('Centered')).toHaveStyle({ marginLeft: '2em' }));
    fireEvent.keyDown(editorArea(), { key: 'Tab', code: 'Tab' });
    await waitFor(() => expect(within(editorArea()).getByText('Centered')).toHaveStyle({ marginLeft: '4em' }));
    placeCaretIn('Indented');
    fireEvent.keyDown(editorArea(), { key: 'Tab', code: 'Tab', shiftKey: true });
    await waitFor(() => expect(within(editorArea()).getByText('Indented')).not.toHaveAttribute('style'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const saved = savedContent(update.mock.calls[0][1].data.content);
    expect(saved.querySelectorAll('p')).toHaveLength(3);
    expect(within(saved).getByText('Centered').style).toMatchObject({ textAlign: 'center', marginLeft: '4em' });
    expect(within(saved).getByText('Indented')).not.toHaveAttribute('style');
  });

  it('aligns and makes a list from the toolbar', async () => {
    const { update } = renderDetail();
    await loaded();
    placeCaretIn('Indented');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await act(async () => fireEvent.click(within(toolbar).getByRole('button', { name: 'Align right' })));
    await waitFor(() => expect(within(editorArea()).getByText('Indented')).toHaveStyle({ textAlign: 'right' }));
    expect(within(toolbar).getByRole('button', { name: 'Align right' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => fireEvent.click(within(toolbar).getByRole('button', { name: 'List' })));
    await waitFor(() => expect(editorArea().querySelector('ul li')).toHaveTextContent('Indented'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const saved = savedContent(update.mock.calls[0][1].data.content);
    const item = saved.querySelector<HTMLElement>('ul > li > p')!;
    expect(item).toHaveTextContent('Indented');
    expect(item.style).toMatchObject({ textAlign: 'right', marginLeft: '2em' });
    expect(saved.querySelector('strong')).toHaveTextContent('Net 30');
  });

  it('keeps spaces and a toggled-off bold while typing (the form value never echoes back into the editor)', async () => {
    const { update } = renderDetail();
    await loaded();
    const editor = (editorArea() as HTMLElement & { editor: Editor }).editor;
    placeCaretIn('Indented');
    act(() => {
      editor.commands.setTextSelection(editor.state.selection.from + 'Indented'.length);
    });
    for (const step of [
      () => editor.commands.insertContent(' then '),
      () => editor.commands.toggleBold(),
      () => editor.commands.insertContent('bold'),
      () => editor.commands.toggleBold(),
      () => editor.commands.insertContent(' plain '),
    ]) {
      act(() => {
        step();
      });
      // Let the form take the value, as it would between two keystrokes.
      await waitFor(() => expect(editorArea()).toBeInTheDocument());
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data.content).toContain('>Indented then <strong>bold</strong> plain </p>');
  });

  it('refuses an empty or too long name with the spec messages', async () => {
    const { update } = renderDetail();
    await loaded();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'n'.repeat(151) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name cannot exceed 150 characters.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('deletes after the spec confirmation and returns to the list', async () => {
    const { deleteOne, location } = renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent('Are you sure you would like to delete this term & condition?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/termsConditions'));
    expect(deleteOne).toHaveBeenCalledWith('termsConditions', expect.objectContaining({ id: 4 }));
  });
});
