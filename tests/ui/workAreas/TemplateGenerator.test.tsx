import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { allowFailedCallLogs } from '../consoleErrors';
import { areaRow, renderPanel, user } from './panelHarness';

async function openGenerator() {
  await areaRow('Front Lawn');
  await user().click(screen.getByRole('button', { name: 'Generate Template' }));
  return screen.findByRole('dialog', { name: 'Generate Template' });
}

describe('Template Generator', () => {
  it('defaults to Landscape Maintenance with NJ tax and asks the server for that template', async () => {
    const { request, getManyReference, state } = renderPanel();
    const dialog = await openGenerator();
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Landscape Maintenance');
    expect(within(dialog).getByRole('combobox', { name: 'Tax' })).toHaveTextContent('NJ (6.625%)');
    const areaReads = getManyReference.mock.calls.filter(([resource]) => resource === 'workAreas').length;
    state.areas.push({
      id: 50,
      estimateID: 5,
      name: 'Weekly Mowing',
      tax: 'NJ',
      isIncluded: true,
      notes: null,
      subtotal: 2340,
      version: 1,
    });

    await user().click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', '/estimates/generateTemplate', {
        body: { estimateID: 5, tax: 'NJ', category: 'LM' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getManyReference.mock.calls.filter(([resource]) => resource === 'workAreas').length).toBeGreaterThan(areaReads);
    expect(await areaRow('Weekly Mowing')).toBeInTheDocument();
  });

  it('generates the snow template with the tax chosen', async () => {
    const { request } = renderPanel();
    const dialog = await openGenerator();
    await user().click(within(dialog).getByRole('combobox', { name: 'Category' }));
    const categories = await screen.findAllByRole('option');
    expect(categories.map((o) => o.textContent)).toEqual(['Landscape Maintenance', 'Snow Maintenance']);
    await user().click(screen.getByRole('option', { name: 'Snow Maintenance' }));
    await user().click(within(dialog).getByRole('combobox', { name: 'Tax' }));
    await user().click(await screen.findByRole('option', { name: 'EXEMPT (0%)' }));
    await user().click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('POST', '/estimates/generateTemplate', {
        body: { estimateID: 5, tax: 'EXEMPT', category: 'SNOW' },
      }),
    );
  });

  it('stays open when the server refuses', async () => {
    allowFailedCallLogs(404);
    const { request } = renderPanel();
    request.mockRejectedValueOnce(new HttpError('Template not found.', 404, { message: 'Template not found.' }));
    const dialog = await openGenerator();
    await user().click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Generate Template' })).toBeInTheDocument();
  });
});
