import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { emptySitePlan, type SitePlan } from '../../../src/domain/sitePlan';
import { SitePlanCard } from '../../../src/resources/sites/SitePlanCard';
import { allowFailedCallLogs } from '../consoleErrors';
import { leavesUnsavedInput } from '../../../src/admin/forms/unsavedFormsStore';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';
import { mapProps, rectangle, samplePlan } from '../plans/planFixtures';

vi.mock('../../../src/resources/sites/plan/PlanMap', async () => (await import('../plans/planFixtures')).planMapModule());

const user = () => userEvent.setup();

function renderCard(
  stored: SitePlan,
  { put, onSiteSubmit }: { put?: (body: Record<string, unknown>) => unknown; onSiteSubmit?: () => void } = {},
) {
  let current = stored;
  const request = vi.fn(async (method: string, path: string, options?: { body?: unknown }) => {
    if (method === 'PUT' && path === '/sites/7/plan') {
      if (put) return put(options!.body as Record<string, unknown>);
      current = { ...current, ...(options!.body as object), version: current.version + 1 } as SitePlan;
      return current;
    }
    if (method === 'POST' && path === '/sites/7/plan/image') return { imageID: 55, width: 1600, height: 1200 };
    if (method === 'GET' && path === '/photos/55/large') return new Blob(['png'], { type: 'image/png' });
    throw new Error(`unexpected ${method} ${path}`);
  });
  const sitePlan = vi.fn(async () => current);
  // As on the site's page: inside the site's own form.
  const card = (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSiteSubmit?.();
      }}
    >
      <SitePlanCard siteId={7} />
    </form>
  );
  renderAdmin(card, { dataProvider: fakeDataProvider({ request, sitePlan }), alerts: true });
  return { request, sitePlan, setStored: (plan: SitePlan) => (current = plan) };
}

const shapeList = () => screen.getByRole('list', { name: 'Plan shapes' });
const names = () =>
  within(shapeList())
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);

describe('Site plan card', () => {
  it('offers Upload Plan and Blank Grid when the site has no plan; an upload opens the editor on the image', async () => {
    const { request } = renderCard(emptySitePlan(7));
    expect(await screen.findByText(/No plan yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blank Grid' })).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    const input = screen.getByLabelText('Plan file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    await user().upload(input, file);

    // The editor's code arrives (lazy), then the map.
    await screen.findByRole('button', { name: 'Save Plan' });
    expect(mapProps().width).toBe(1600);
    expect(mapProps().height).toBe(1200);
    const [, , options] = request.mock.calls.find(([method]) => method === 'POST')!;
    expect((options as { body: FormData }).body.get('file')).toBe(file);
    // A new image has no scale yet; the plan is not saved until Save.
    expect(screen.getByRole('status')).toHaveTextContent('Scale not set');
    expect(screen.getByRole('button', { name: 'Save Plan' })).toBeEnabled();
  });

  it('starts a blank grid, a foot per unit, with nothing saved until Save', async () => {
    const { request } = renderCard(emptySitePlan(7));
    await user().click(await screen.findByRole('button', { name: 'Blank Grid' }));
    await screen.findByRole('button', { name: 'Save Plan' });
    expect(mapProps()).toMatchObject({ width: 400, height: 400, imageUrl: null });
    expect(screen.getByRole('status')).toHaveTextContent('Scale: 100 units = 100 ft');
    expect(request).not.toHaveBeenCalled();
    await user().click(screen.getByRole('button', { name: 'Save Plan' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('PUT', '/sites/7/plan', expect.anything()));
    expect(request.mock.calls[0][2]!.body).toMatchObject({ imageID: null, feetPerUnit: 1, version: 0 });
  });

  it("never submits the site's form around it: Enter in a shape's name, the scale dialog's Set Scale", async () => {
    const onSiteSubmit = vi.fn();
    renderCard(samplePlan(), { onSiteSubmit });
    await screen.findByRole('list', { name: 'Plan shapes' });
    await user().type(within(shapeList()).getAllByRole('textbox')[0], ' east{Enter}');
    expect(names()[0]).toBe('Front bed east');
    await user().click(screen.getByRole('button', { name: 'Set Scale' }));
    act(() => {
      mapProps().onScaleLine!([0, 0], [100, 0]);
      mapProps().onToolEnd!();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Set the scale' });
    await user().type(within(dialog).getByRole('textbox', { name: 'Known length (ft)' }), '25{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Scale: 100 units = 25 ft');
    expect(onSiteSubmit).not.toHaveBeenCalled();
  });

  it('lists the shapes with their measures, labels them on the map, renames and deletes, and saves with the version', async () => {
    const { request } = renderCard(samplePlan());
    await screen.findByRole('list', { name: 'Plan shapes' });
    expect(names()).toEqual(['Front bed', 'Side bed', 'Walk edge', 'Spigot']);
    expect(shapeList()).toHaveTextContent('1,240 ft²');
    expect(shapeList()).toHaveTextContent('120 ft');
    expect(screen.getByText('Areas 1,640 ft² · Lines 120 ft')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Site plan' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Front bed — 1,240 ft²', 'Side bed — 400 ft²', 'Walk edge — 120 ft', 'Spigot']);
    expect(screen.getByRole('button', { name: 'Save Plan' })).toBeDisabled();

    fireEvent.change(within(shapeList()).getAllByRole('textbox')[0], { target: { value: 'Front mulch bed' } });
    await user().click(screen.getByRole('button', { name: 'Delete Spigot' }));
    await user().click(screen.getByRole('switch', { name: 'Print on proposal' }));
    expect(names()).toEqual(['Front mulch bed', 'Side bed', 'Walk edge']);

    // Unsaved: leaving the page would ask first.
    expect(leavesUnsavedInput('/sites/7', '/home')).toBe(true);
    await user().click(screen.getByRole('button', { name: 'Save Plan' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('PUT', '/sites/7/plan', expect.anything()));
    const body = request.mock.calls.find(([method]) => method === 'PUT')![2]!.body as Record<string, any>;
    expect(body).toMatchObject({ imageID: null, feetPerUnit: 0.5, printOnProposal: true, version: 4 });
    expect(body.shapes.features.map((f: any) => f.properties.name)).toEqual(['Front mulch bed', 'Side bed', 'Walk edge']);
    expect(await screen.findByText('Site Plan Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Plan' })).toBeDisabled());
    expect(leavesUnsavedInput('/sites/7', '/home')).toBe(false);
  });

  it('measures a shape as it is drawn, names a new one, and says what the server would refuse', async () => {
    renderCard(samplePlan());
    await screen.findByRole('list', { name: 'Plan shapes' });
    await user().click(screen.getByRole('button', { name: 'Draw Area' }));
    expect(mapProps().tool).toBe('area');
    expect(screen.getByRole('status')).toHaveTextContent('click the first corner again to close');
    // Three corners and the cursor: a 40 × 20 px rectangle at half a foot a pixel.
    act(() =>
      mapProps().onDrawing!('area', [
        [0, 0],
        [40, 0],
        [40, 20],
        [0, 20],
      ]),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Drawing: 200 ft²');
    act(() => {
      mapProps().onCreate!(rectangle(0, 100, 40, 20));
      mapProps().onDrawing!('area', null);
      mapProps().onToolEnd!();
    });
    expect(names()).toEqual(['Front bed', 'Side bed', 'Walk edge', 'Spigot', 'Area 3']);
    expect(within(shapeList()).getAllByRole('listitem')[4]).toHaveTextContent('200 ft²');
    expect(mapProps().tool).toBeNull();

    fireEvent.change(within(shapeList()).getAllByRole('textbox')[4], { target: { value: '' } });
    expect(await screen.findByText('Shape 5 needs a name of up to 100 characters on one line.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Plan' })).toBeDisabled();
  });

  it('sets the scale from a line drawn over a known length', async () => {
    renderCard(samplePlan({ feetPerUnit: null }));
    await screen.findByRole('list', { name: 'Plan shapes' });
    expect(shapeList()).not.toHaveTextContent('ft²');
    await user().click(screen.getByRole('button', { name: 'Set Scale' }));
    expect(mapProps().tool).toBe('scale');
    act(() => {
      mapProps().onScaleLine!([0, 0], [300, 400]);
      mapProps().onToolEnd!();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Set the scale' });
    // 500 px over 250 ft: half a foot a pixel.
    await user().type(within(dialog).getByRole('textbox', { name: 'Known length (ft)' }), '250');
    await user().click(within(dialog).getByRole('button', { name: 'Set Scale' }));
    expect(shapeList()).toHaveTextContent('1,240 ft²');
    expect(screen.getByRole('status')).toHaveTextContent('Scale: 100 units = 50 ft');
  });

  it('says when someone saved the plan meanwhile (409) and reloads it on demand', async () => {
    allowFailedCallLogs(409);
    const message = 'This plan was changed by someone else: reload it.';
    const { setStored } = renderCard(samplePlan(), {
      put: () => {
        throw new HttpError(message, 409, { message });
      },
    });
    await screen.findByRole('list', { name: 'Plan shapes' });
    await user().click(screen.getByRole('button', { name: 'Delete Spigot' }));
    await user().click(screen.getByRole('button', { name: 'Save Plan' }));
    const alert = await screen.findByText(/Reload to see the plan as saved/);
    expect(alert).toHaveTextContent(message);
    setStored(samplePlan({ version: 5, shapes: { type: 'FeatureCollection', features: samplePlan().shapes.features.slice(0, 1) } }));
    await user().click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(names()).toEqual(['Front bed']));
    expect(screen.queryByText(/Reload to see the plan as saved/)).not.toBeInTheDocument();
  });
});
