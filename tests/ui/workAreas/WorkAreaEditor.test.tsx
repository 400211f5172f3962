import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { answerUnsavedQuestion, UNSAVED_CHANGES } from '../unsavedQuestion';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { AREA_NAMES, areaRow, renderPanel, selectArea, user } from './panelHarness';

async function openNew() {
  await areaRow('Front Lawn');
  await user().click(screen.getByRole('button', { name: 'New' }));
  return screen.findByRole('dialog', { name: 'New Work Area' });
}

async function openEdit() {
  await selectArea('Front Lawn');
  await user().click(screen.getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit Work Area' });
}

const nameInput = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Name' });
const suggestions = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('Work Area Editor: name suggestions', () => {
  it('offers existing names on focus (at most ten), then those containing what is typed, whatever the case', async () => {
    const { request } = renderPanel();
    const dialog = await openNew();
    await user().click(nameInput(dialog));
    await waitFor(() => expect(suggestions()).toEqual(AREA_NAMES.slice(0, 10)));

    fireEvent.change(nameInput(dialog), { target: { value: 'LAWN' } });
    await waitFor(() => expect(suggestions()).toEqual(['Front Lawn', 'Back Lawn', 'Lawn Renovation', 'Lawn Care (Rear)']));
    fireEvent.change(nameInput(dialog), { target: { value: 'lot' } });
    await waitFor(() => expect(suggestions()).toEqual(['Parking Lot', 'North Lot', 'South Lot']));

    await user().click(screen.getByRole('option', { name: 'North Lot' }));
    expect(nameInput(dialog)).toHaveValue('North Lot');
    // The names were read once for all these searches.
    expect(request.mock.calls.filter(([, path]) => path === '/uniqueColumnValues/work_areas/work_area_name')).toHaveLength(1);
  });

  it('waits 200 ms after the last keystroke before suggesting', async () => {
    renderPanel();
    const dialog = await openNew();
    await user().click(nameInput(dialog));
    await waitFor(() => expect(suggestions()).toHaveLength(10));

    vi.useFakeTimers();
    fireEvent.change(nameInput(dialog), { target: { value: 'bed' } });
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    fireEvent.change(nameInput(dialog), { target: { value: 'beds' } });
    await act(async () => {
      vi.advanceTimersByTime(199);
    });
    // Still the suggestions of the focus: neither 'bed' nor 'beds' has been searched yet.
    expect(suggestions()).toEqual(AREA_NAMES.slice(0, 10));
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(suggestions()).toEqual(['East Beds', 'West Beds']);
    vi.useRealTimers();
  });
});

describe('Work Area Editor', () => {
  it('starts a new area with tax NJ, included, and creates it with any name typed; the new area opens', async () => {
    const { create, state } = renderPanel();
    const dialog = await openNew();
    expect(within(dialog).getByRole('combobox', { name: 'Tax' })).toHaveTextContent('NJ (6.625%)');
    expect(within(dialog).getByRole('switch', { name: 'Included in Estimate' })).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    fireEvent.change(nameInput(dialog), { target: { value: 'Front Lawn North' } });
    state.areas.push({
      id: 99,
      estimateID: 5,
      name: 'Front Lawn North',
      tax: 'NJ',
      isIncluded: true,
      notes: null,
      subtotal: 0,
      version: 1,
    });
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith('workAreas', { data: { estimateID: 5, name: 'Front Lawn North', tax: 'NJ', isIncluded: true } });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Saved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await areaRow('Front Lawn North')).toHaveAttribute('aria-selected', 'true'));
  });

  it('refuses an empty or too long name with the spec messages', async () => {
    const { create } = renderPanel();
    const dialog = await openNew();
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    fireEvent.change(nameInput(dialog), { target: { value: 'n'.repeat(151) } });
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name cannot exceed 150 characters.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('updates the selected area with its version: tax and included changed', async () => {
    const { update } = renderPanel();
    const dialog = await openEdit();
    expect(nameInput(dialog)).toHaveValue('Front Lawn');
    await user().click(within(dialog).getByRole('combobox', { name: 'Tax' }));
    await user().click(await screen.findByRole('option', { name: 'PA (6%)' }));
    await user().click(within(dialog).getByRole('switch', { name: 'Included in Estimate' }));
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalled());
    const [resource, params] = update.mock.calls[0];
    expect(resource).toBe('workAreas');
    expect(params).toMatchObject({ id: 21, data: { name: 'Front Lawn', tax: 'PA', isIncluded: false, version: 3 } });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Saved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the edits when the server answers 409, over the area as now stored, and Save again applies them to it', async () => {
    allowFailedCallLogs(409);
    const { update, getOne, state } = renderPanel();
    update.mockRejectedValueOnce(
      new HttpError('This work area was changed by someone else.', 409, { message: 'This work area was changed by someone else.' }),
    );
    const dialog = await openEdit();
    fireEvent.change(nameInput(dialog), { target: { value: 'Front Lawn and Beds' } });
    // Meanwhile someone else moved the area to PA.
    state.areas = state.areas.map((area) => (area.id === 21 ? { ...area, tax: 'PA', version: 4 } : area));
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    await waitFor(() => expect(getOne).toHaveBeenCalledWith('workAreas', expect.objectContaining({ id: 21 })));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Tax/ })).toHaveTextContent('PA'));
    expect(screen.getByRole('dialog', { name: 'Edit Work Area' })).toBeInTheDocument();
    expect(nameInput(dialog)).toHaveValue('Front Lawn and Beds');
    expect(getAlertState().alert).toMatchObject({
      type: 'WARNING',
      message:
        'This work area was changed by someone else since you opened it. Their changes are on screen now and yours are kept: Save again to apply yours.',
    });

    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1][1].data).toMatchObject({ name: 'Front Lawn and Beds', tax: 'PA', version: 4 });
  });

  it('deletes after the confirmation, says so, closes and clears the selection', async () => {
    const { deleteOne, state, getManyReference } = renderPanel();
    const itemsOfFrontLawnRead = () =>
      getManyReference.mock.calls.filter(([resource, params]) => resource === 'workAreaItems' && params.id === 21).length;
    const dialog = await openEdit();
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent('Are you sure you would like to delete this work area?');
    await user().click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).not.toBeInTheDocument());
    expect(deleteOne).not.toHaveBeenCalled();

    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    state.areas = state.areas.filter((area) => area.id !== 21);
    const itemReadsBefore = itemsOfFrontLawnRead();
    await user().click(within(await screen.findByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('workAreas', expect.objectContaining({ id: 21 })));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Deleted' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Work Area Items' })).not.toBeInTheDocument();
    // The deleted area's items are not asked for again (the server would answer 404, over 'Work Area Deleted').
    await waitFor(() => expect(getManyReference).toHaveBeenCalledWith('workAreas', expect.anything()));
    expect(itemsOfFrontLawnRead()).toBe(itemReadsBefore);
  });

  it('asks before closing with unsaved changes, and closes at once without any', async () => {
    renderPanel();
    let dialog = await openNew();
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const confirm = answerUnsavedQuestion(false);
    expect(confirm).not.toHaveBeenCalled();
    dialog = await openNew();
    fireEvent.change(nameInput(dialog), { target: { value: 'Pool Deck' } });
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    expect(nameInput(dialog)).toHaveValue('Pool Deck');

    answerUnsavedQuestion(true);
    await user().keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
