import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { HttpError } from 'react-admin';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { WORK_AREA_NOTES_STALE } from '../../../src/schema/workAreas';
import { allowFailedCallLogs } from '../consoleErrors';
import { answerUnsavedQuestion, UNSAVED_CHANGES } from '../unsavedQuestion';
import { areaRow, frontLawn, itemsTable, renderPanel, selectArea, user } from './panelHarness';

beforeAll(() => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const notesBox = () => within(document.getElementById('notes')!).findByRole('textbox', { name: 'Notes' });
const editorOf = (box: HTMLElement) => (box as HTMLElement & { editor: Editor }).editor;

/** Types at the end of the notes, as keystrokes would (the bold mark at the end carries on). */
async function appendToNotes(text: string) {
  const box = await notesBox();
  await waitFor(() => expect(box).toHaveTextContent('Edge the beds'));
  const editor = editorOf(box);
  act(() => {
    editor.commands.focus('end');
    editor.commands.insertContent(text);
  });
}

describe('Notes of the selected work area', () => {
  it('shows the stored notes and saves them with PUT /workAreas/:id/notes, then says so', async () => {
    const { request } = renderPanel();
    await selectArea('Front Lawn');
    const box = await notesBox();
    await waitFor(() => expect(box.querySelector('strong')).toHaveTextContent('beds'));
    expect(within(document.getElementById('notes')!).getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();

    await appendToNotes(' weekly');
    await user().click(within(document.getElementById('notes')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('PUT', '/workAreas/21/notes', expect.anything()));
    const [, , options] = request.mock.calls.find(([method]) => method === 'PUT')!;
    expect((options as { body: { notes: string } }).body).toEqual({
      notes: '<p>Edge the <strong>beds weekly</strong></p>',
      previousNotes: '<p>Edge the <strong>beds</strong></p>',
    });
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Note Saved' }));

    // Saved notes are no longer "unsaved": another area opens without a question.
    await user().click(await areaRow('Back Lawn'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Lawn mowing/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opening an area does not count its notes as changed, whether it has notes or none', async () => {
    renderPanel();
    await selectArea('Front Lawn');
    await waitFor(async () => expect(await notesBox()).toHaveTextContent('Edge the beds'));
    await user().click(await areaRow('Back Lawn'));
    await waitFor(async () => expect(await notesBox()).not.toHaveTextContent('Edge the beds'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user().click(await areaRow('Back Lawn'));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Work Area Items' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before selecting another area while the notes are unsaved; Cancel keeps them, OK moves on', async () => {
    const { request } = renderPanel();
    await selectArea('Front Lawn');
    await appendToNotes(' and the walk');

    const confirm = answerUnsavedQuestion(false);
    await user().click(await areaRow('Back Lawn'));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    expect(await areaRow('Front Lawn')).toHaveAttribute('aria-selected', 'true');
    expect(await notesBox()).toHaveTextContent('Edge the beds and the walk');

    // Deselecting asks too.
    answerUnsavedQuestion(true);
    await user().click(await areaRow('Front Lawn'));
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Work Area Items' })).not.toBeInTheDocument());
    expect(request).not.toHaveBeenCalledWith('PUT', expect.anything(), expect.anything());
  });

  it('someone else saved notes first (409): mine stay on screen, unsaved, and Save again replaces theirs', async () => {
    allowFailedCallLogs(409);
    const { request } = renderPanel();
    const theirs = '<p>Gate code 4512</p>';
    let stored = frontLawn.notes;
    request.mockImplementation(async (method: string, path: string, options?: { body?: Record<string, unknown> }) => {
      if (method === 'GET' && path === '/workAreas/21') return { ...frontLawn, notes: stored };
      if (method === 'PUT' && path === '/workAreas/21/notes') {
        if (options?.body?.previousNotes !== stored) throw new HttpError(WORK_AREA_NOTES_STALE, 409, { message: WORK_AREA_NOTES_STALE });
        stored = options.body.notes as string;
        return { ...frontLawn, notes: stored };
      }
      return [];
    });
    await selectArea('Front Lawn');
    stored = theirs;
    await appendToNotes(' weekly');
    const save = () => user().click(within(document.getElementById('notes')!).getByRole('button', { name: 'Save' }));
    await save();
    await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/workAreas/21'));
    expect(await notesBox()).toHaveTextContent('Edge the beds weekly');
    expect(stored).toBe(theirs);

    // Still unsaved: another area asks first.
    const confirm = answerUnsavedQuestion(false);
    await user().click(await areaRow('Back Lawn'));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    expect(await areaRow('Front Lawn')).toHaveAttribute('aria-selected', 'true');

    await save();
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Note Saved' }));
    expect(stored).toBe('<p>Edge the <strong>beds weekly</strong></p>');
  });

  it('keeps the notes as typed when the server refuses them', async () => {
    allowFailedCallLogs(400);
    const { request } = renderPanel();
    request.mockImplementation(async (method: string) => {
      if (method === 'PUT')
        throw new HttpError('Notes cannot exceed 65535 characters.', 400, { message: 'Notes cannot exceed 65535 characters.' });
      return [];
    });
    await selectArea('Front Lawn');
    await appendToNotes(' more');
    await user().click(within(document.getElementById('notes')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('PUT', '/workAreas/21/notes', expect.anything()));
    expect(getAlertState().alert?.message).not.toBe('Work Area Note Saved');
    expect(await notesBox()).toHaveTextContent('Edge the beds more');
    expect(itemsTable()).toBeInTheDocument();
  });
});
