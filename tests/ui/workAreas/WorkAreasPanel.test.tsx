import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { areaRow, areasTable, itemsTable, renderPanel, selectArea, user } from './panelHarness';

describe('Work areas panel', () => {
  it('lists the areas with Name, Tax, Subtotal, Included in Estimate, and their crew Hours and Margin; offers New and Generate Template', async () => {
    const { getManyReference } = renderPanel();
    await areaRow('Front Lawn');
    const headers = within(areasTable())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Tax', 'Subtotal', 'Included in Estimate', 'Hours', 'Margin']);
    // Front Lawn: 26 visits × 0.75 h + 2 yd³ × 0.5 h = 20.5 h; cost 650 + 56 + 20.5 h × $50 = $1,731.00
    // against $1,234.50 of revenue: (1234.5 − 1731) ÷ 1234.5 = −40.2 %.
    await waitFor(() => expect(within(areasTable()).getByRole('row', { name: /^Front Lawn/ }).textContent).toContain('20.5 h'));
    expect(
      within(await areaRow('Front Lawn'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Front Lawn', 'NJ', '$1,234.50', 'YES', '20.5 h', '-40.2 %']);
    // No revenue, no margin.
    expect(
      within(await areaRow('Back Lawn'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Back Lawn', 'PA', '$0.00', 'NO', '0 h', '—']);
    expect(getManyReference).toHaveBeenCalledWith(
      'workAreas',
      expect.objectContaining({
        target: 'estimateID',
        id: 5,
        pagination: { page: 1, perPage: 0 },
        sort: { field: 'work_area_id', order: 'ASC' },
      }),
    );
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Template' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Work Area Items' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Work Areas' })).toBeInTheDocument();
    // The page around it holds the #work-areas anchor: the panel adds no second element with that id.
    expect(document.getElementById('work-areas')).toBeNull();
    expect(document.getElementById('notes')).toHaveTextContent('Select a work area to see its items and notes.');
  });

  it('lets its buttons wrap under the title on a narrow screen (a 390 px phone), rather than run out of the card', async () => {
    renderPanel();
    await areaRow('Front Lawn');
    const toolbar = screen.getByRole('toolbar', { name: 'Work area actions' });
    expect(within(toolbar).getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(getComputedStyle(toolbar).flexWrap).toBe('wrap');
    const header = toolbar.closest('.MuiCardHeader-root') as HTMLElement;
    expect(getComputedStyle(header).flexWrap).toBe('wrap');
    expect(getComputedStyle(toolbar.closest('.MuiCardHeader-action') as HTMLElement).maxWidth).toBe('100%');
  });

  it('a click selects an area: Clone and Edit, its items with money and the taxed Total, its notes; a second click deselects', async () => {
    const { getManyReference } = renderPanel();
    await selectArea('Front Lawn');
    expect(await areaRow('Front Lawn')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Clone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Template' })).not.toBeInTheDocument();
    expect(getManyReference).toHaveBeenCalledWith('workAreaItems', expect.objectContaining({ target: 'workAreaID', id: 21 }));

    const items = itemsTable();
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Size', 'Quantity', 'Units', 'Unit Cost', 'Unit Price', 'Cost', 'Price', 'Total']);
    const mowing = await within(items).findByRole('row', { name: /^Lawn mowing/ });
    // 26 × $45 = $1,170.00; with NJ tax 6.625 %: round2(1170 × 1.06625) = $1,247.51.
    expect(
      within(mowing)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lawn mowing', '1', '26', 'visit', '$25.00', '$45.00', '$650.00', '$1,170.00', '$1,247.51']);
    const notes = document.getElementById('notes')!;
    expect(await within(notes).findByRole('textbox', { name: 'Notes' })).toHaveTextContent('Edge the beds');

    await user().click(await areaRow('Front Lawn'));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Work Area Items' })).not.toBeInTheDocument());
    expect(await areaRow('Front Lawn')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('selecting another area loads its items and notes, with its own tax in Total', async () => {
    const { state } = renderPanel();
    state.items.push({
      id: 40,
      workAreaID: 22,
      itemID: null,
      name: 'Aeration',
      size: null,
      quantity: 3,
      units: 'visit',
      unitCost: 10,
      unitPrice: 100,
      totalCost: 30,
      totalPrice: 300,
      version: 1,
    });
    await selectArea('Front Lawn');
    await within(itemsTable()).findByRole('row', { name: /^Lawn mowing/ });
    await user().click(await areaRow('Back Lawn'));
    const aeration = await within(itemsTable()).findByRole('row', { name: /^Aeration/ });
    // PA 6 %: 300 × 1.06 = 318.
    expect(within(aeration).getAllByRole('cell').at(-1)).toHaveTextContent('$318.00');
    expect(within(itemsTable()).queryByRole('row', { name: /^Lawn mowing/ })).not.toBeInTheDocument();
    expect(await areaRow('Back Lawn')).toHaveAttribute('aria-selected', 'true');
    expect(await areaRow('Front Lawn')).toHaveAttribute('aria-selected', 'false');
    expect(await within(document.getElementById('notes')!).findByRole('textbox', { name: 'Notes' })).not.toHaveTextContent('Edge the beds');
  });

  it('Clone copies the selected area, says so, refreshes the areas and selects the copy', async () => {
    const { request, getManyReference, state } = renderPanel();
    await selectArea('Front Lawn');
    const areaReads = getManyReference.mock.calls.filter(([resource]) => resource === 'workAreas').length;
    state.areas.push({ ...state.areas[0], id: 23, version: 1 });
    await user().click(screen.getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/workAreas/21/clone'));
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Cloned' });
    await waitFor(() =>
      expect(getManyReference.mock.calls.filter(([resource]) => resource === 'workAreas').length).toBeGreaterThan(areaReads),
    );
    const rows = await within(areasTable()).findAllByRole('row', { name: /^Front Lawn/ });
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(rows[1]).toHaveAttribute('aria-selected', 'true'));
    expect(rows[0]).toHaveAttribute('aria-selected', 'false');
  });
});
