/**
 * The client's proposal page (client/, issue 22) in jsdom with a fake fetch: what it shows of
 * each kind of proposal, the live totals as areas are ticked, and what each answer sends.
 */
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../src/domain/money';
import { acceptedPricing, CLIENT_PDF_PREPARING, MAX_SIGNATURE_BYTES, type PublicProposal } from '../../../src/domain/proposals';
import { startClientPage } from '../../../client/page';
import { AREAS, fakeCanvas, fakeFetch, getProposal, post, proposalFixture } from './fixtures';

let root: HTMLElement;

beforeEach(() => {
  root = document.createElement('main');
  root.id = 'app';
  document.body.append(root);
  fakeCanvas();
});

afterEach(() => {
  root.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (path = '/p/tok-123') => startClientPage(root, path);

const totalRow = (term: string) => {
  const totals = root.querySelector('dl.totals')!;
  const row = [...totals.querySelectorAll('.total-row')].find((r) => r.querySelector('dt')?.textContent === term);
  return row?.querySelector('dd')?.textContent ?? null;
};

const checkbox = (areaName: string) => screen.getByRole('checkbox', { name: areaName });

describe("the client's proposal page", () => {
  it('shows the proposal as sent: letterhead, parties, areas with notes and prices, totals, terms, PDF', async () => {
    const proposal = proposalFixture();
    const { calls } = fakeFetch(getProposal(proposal));
    await open();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/public/proposals/tok-123' });
    expect(root).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('Green Acres Landscaping')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Green Acres Landscaping logo' })).toHaveAttribute('src', proposal.company.logo);
    expect(screen.getByText('Princeton, NJ 08540')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '(609) 555-0100' })[0]).toHaveAttribute('href', 'tel:6095550100');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Proposal Spring renovation 2027');
    expect(screen.getByText('#1042-R2')).toBeInTheDocument();
    expect(screen.getByText('November 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('December 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('Maple Street HOA')).toBeInTheDocument();
    expect(screen.getByText('Unit 4')).toBeInTheDocument();
    expect(screen.getByText('North Field')).toBeInTheDocument();
    expect(screen.getByText('Sam Seller')).toBeInTheDocument();
    // The areas in order, their sanitised notes as rich text, their prices.
    const areas = within(screen.getByRole('list', { name: 'Scope of work' }));
    expect(areas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(AREAS.map((a) => a.name));
    expect(root.querySelector('.notes strong')).toHaveTextContent('overseed');
    expect(root.querySelector('.notes li')).toHaveTextContent('Starter fertilizer');
    expect(screen.getByText('$1,250.00')).toBeInTheDocument();
    expect(screen.getByText('$860.50')).toBeInTheDocument();
    // Totals with the discount line.
    expect(totalRow('Subtotal')).toBe(formatMoney(proposal.pricing!.subtotal));
    expect(totalRow('Discount (10%)')).toBe('−$451.05');
    expect(totalRow('Taxes')).toBe(formatMoney(proposal.pricing!.taxes));
    expect(totalRow('Total')).toBe(formatMoney(proposal.pricing!.total));
    expect(root.querySelector('dl.totals')).toHaveAttribute('aria-live', 'polite');
    // The terms in full, before the answer.
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText(/Net 30 days/)).toBeInTheDocument();
    const terms = screen.getByRole('heading', { name: 'Terms & Conditions' });
    const answer = screen.getByRole('heading', { name: 'Your answer' });
    expect(terms.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download this proposal as a PDF' })).toHaveAttribute(
      'href',
      '/api/public/proposals/tok-123/pdf',
    );
    expect(document.title).toBe('Proposal #1042-R2 · Green Acres Landscaping');
  });

  it('says the PDF is being prepared, with no link, when it is not made yet (issue 36)', async () => {
    fakeFetch(getProposal({ ...proposalFixture(), pdfUrl: null }));
    await open();
    expect(screen.getByText(CLIENT_PDF_PREPARING)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download this proposal as a PDF' })).toBeNull();
    // The proposal itself is all there, and can be answered.
    expect(screen.getByRole('heading', { name: 'Your answer' })).toBeInTheDocument();
  });

  it('ticks every area at first and recomputes the totals with acceptedPricing as the client unticks', async () => {
    const proposal = proposalFixture();
    fakeFetch(getProposal(proposal));
    await open();
    const user = userEvent.setup();
    for (const area of AREAS) expect(checkbox(area.name)).toBeChecked();
    expect(screen.getByText('For all 3 work areas.')).toBeInTheDocument();

    await user.click(checkbox('Patio planting beds'));
    const twoAreas = acceptedPricing(AREAS, [11, 13], 10);
    expect(twoAreas.total).not.toBe(proposal.pricing!.total);
    expect(totalRow('Subtotal')).toBe(formatMoney(twoAreas.subtotal));
    expect(totalRow('Taxes')).toBe(formatMoney(twoAreas.taxes));
    expect(totalRow('Total')).toBe(formatMoney(twoAreas.total));
    expect(screen.getByText('For the 2 of 3 work areas you have ticked.')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`for a total of \\${formatMoney(twoAreas.total)}`))).toBeInTheDocument();

    // With the keyboard: Space on a focused box ticks it again.
    checkbox('Patio planting beds').focus();
    await user.keyboard(' ');
    expect(totalRow('Total')).toBe(formatMoney(proposal.pricing!.total));
  });

  it('accepts with a typed signature: posts the ticked areas, the name and the typed signature, with the anti-forgery header', async () => {
    document.cookie = 'XSRF-TOKEN=abcdefghijklmnop1234; path=/';
    const { posts } = fakeFetch(getProposal(proposalFixture()), post('accept', { status: 200, body: {} }));
    await open();
    const user = userEvent.setup();
    await user.click(checkbox('Drainage swale'));
    await user.type(screen.getByLabelText('Your full name'), '  Pat Client ');
    await user.click(screen.getByRole('button', { name: 'Type your name instead' }));
    const typed = screen.getByLabelText('Type your name as your signature');
    expect(typed).toHaveValue('Pat Client');
    expect(typed).toHaveFocus();
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    expect(screen.getByText('Ready: press Accept proposal to sign.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));

    await screen.findByRole('heading', { name: 'Thank you: you accepted this proposal' });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: '/api/public/proposals/tok-123/accept',
      headers: { 'x-xsrf-token': 'abcdefghijklmnop1234', 'content-type': 'application/json' },
      body: { acceptedWorkAreaIDs: [11, 12], signerName: 'Pat Client', signature: { typed: 'Pat Client' } },
    });
    // The result: focused, what was accepted and left out, the total, the PDF; no more forms.
    expect(screen.getByRole('heading', { name: 'Thank you: you accepted this proposal' })).toHaveFocus();
    expect(screen.getByText('Work areas accepted: Front lawn renovation, Patio planting beds.')).toBeInTheDocument();
    expect(screen.getByText('Not included: Drainage swale.')).toBeInTheDocument();
    expect(
      screen.getByText(`Total accepted: ${formatMoney(acceptedPricing(AREAS, [11, 12], 10).total)} (taxes included).`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The proposal as it was sent (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).toBeNull();
    expect(screen.getAllByText('Accepted')).toHaveLength(2);
    expect(screen.getByText('Not included')).toBeInTheDocument();
    expect(totalRow('Total')).toBe(formatMoney(acceptedPricing(AREAS, [11, 12], 10).total));
  });

  it('accepts with a drawn signature: the canvas as a PNG data URL', async () => {
    const { posts } = fakeFetch(getProposal(proposalFixture()), post('accept', { status: 200, body: {} }));
    await open();
    const user = userEvent.setup();
    const canvas = root.querySelector('canvas')!;
    expect(canvas).toHaveAccessibleName('Signature box: draw your signature here');
    // A stroke as a mouse, finger or pen gives it (signature_pad listens to pointer events).
    const pointer = (type: string, x: number, y: number, buttons: number) =>
      new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, buttons, clientX: x, clientY: y });
    canvas.dispatchEvent(pointer('pointerdown', 10, 20, 1));
    window.dispatchEvent(pointer('pointermove', 60, 40, 1));
    window.dispatchEvent(pointer('pointerup', 90, 30, 0));
    expect(screen.getByText(/^To accept, enter your name and tick/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your full name'), 'Pat Client');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await screen.findByRole('heading', { name: 'Thank you: you accepted this proposal' });
    expect(posts()[0].body).toEqual({
      acceptedWorkAreaIDs: [11, 12, 13],
      signerName: 'Pat Client',
      signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB',
    });
  });

  it('sizes the signature box for the device pixel ratio, and keeps the strokes when its width changes', async () => {
    fakeFetch(getProposal(proposalFixture()));
    vi.stubGlobal('devicePixelRatio', 2);
    let width = 300;
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(() => width);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => 180);
    await open();
    const canvas = root.querySelector('canvas')!;
    expect([canvas.width, canvas.height]).toEqual([600, 360]);
    canvas.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, cancelable: true, pointerId: 1, buttons: 1, clientX: 5, clientY: 5 }),
    );
    window.dispatchEvent(
      new PointerEvent('pointerup', { bubbles: true, cancelable: true, pointerId: 1, buttons: 0, clientX: 50, clientY: 9 }),
    );
    width = 500; // the phone turned
    window.dispatchEvent(new Event('resize'));
    expect([canvas.width, canvas.height]).toEqual([1000, 360]);
    expect(screen.getByText('To accept, enter your name and tick “I accept the terms and conditions”.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText(/^To accept, enter your name, sign \(or type your name\)/)).toBeInTheDocument();
  });

  it('refuses a drawn signature too large to send (MAX_SIGNATURE_BYTES), even at 1× pixels', async () => {
    const { posts } = fakeFetch(getProposal(proposalFixture()));
    await open();
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => `data:image/png;base64,${'A'.repeat(MAX_SIGNATURE_BYTES)}`);
    const user = userEvent.setup();
    const canvas = root.querySelector('canvas')!;
    canvas.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, cancelable: true, pointerId: 1, buttons: 1, clientX: 5, clientY: 5 }),
    );
    window.dispatchEvent(
      new PointerEvent('pointerup', { bubbles: true, cancelable: true, pointerId: 1, buttons: 0, clientX: 50, clientY: 9 }),
    );
    await user.type(screen.getByLabelText('Your full name'), 'Pat Client');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The signature is too detailed to send.');
    expect(screen.getByRole('button', { name: 'Type your name instead' })).toHaveFocus();
    expect(posts()).toEqual([]);
  });

  it('explains what is missing before accepting, and sends nothing', async () => {
    const { posts } = fakeFetch(getProposal(proposalFixture()));
    await open();
    const user = userEvent.setup();
    const hint = 'To accept, enter your name, sign (or type your name) and tick “I accept the terms and conditions”.';
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept proposal' })).toHaveAccessibleDescription(hint);
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Before you can accept: Enter your full name.');
    expect(screen.getByLabelText('Your full name')).toHaveFocus();
    expect(screen.getByLabelText('Your full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription('Enter your full name.');
    expect(screen.getByText('Sign in the box, or choose “Type your name instead”.')).toBeInTheDocument();
    expect(screen.getByLabelText('I accept the terms and conditions')).toHaveAccessibleDescription(
      'Tick “I accept the terms and conditions” to accept.',
    );

    // No area ticked: that comes first.
    for (const area of AREAS) await user.click(checkbox(area.name));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick at least one work area to accept.');
    expect(checkbox(AREAS[0].name)).toHaveFocus();
    // Typing mode with the typed name left blank.
    await user.click(checkbox(AREAS[1].name));
    await user.click(screen.getByRole('button', { name: 'Type your name instead' }));
    await user.type(screen.getByLabelText('Your full name'), 'Pat');
    await user.clear(screen.getByLabelText('Type your name as your signature'));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(screen.getByText('Type your name as your signature.')).toBeInTheDocument();
    expect(screen.getByLabelText('Type your name as your signature')).toHaveFocus();
    expect(posts()).toEqual([]);
  });

  it("shows the server's field messages (400) beside their fields", async () => {
    fakeFetch(
      getProposal(proposalFixture()),
      post('accept', { status: 400, body: { message: 'Form is invalid.', errors: { signerName: 'The name is too long.' } } }),
    );
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your full name'), 'Pat');
    await user.click(screen.getByRole('button', { name: 'Type your name instead' }));
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Form is invalid.');
    expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription('The name is too long.');
    expect(screen.getByRole('button', { name: 'Accept proposal' })).toBeEnabled();
  });

  it('shows the proposal as it now is when it was answered meanwhile (409)', async () => {
    let gets = 0;
    const answered = proposalFixture({
      status: 'accepted',
      response: { kind: 'accepted', at: '2026-11-21T16:00:00.000Z', signerName: 'Other Person', acceptedWorkAreaIDs: [11], message: null },
    });
    fakeFetch(
      getProposal(() => ({ status: 200, body: gets++ === 0 ? proposalFixture() : answered })),
      post('accept', { status: 409, body: { message: 'This proposal has already been answered.' } }),
    );
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your full name'), 'Pat');
    await user.click(screen.getByRole('button', { name: 'Type your name instead' }));
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(await screen.findByRole('heading', { name: 'You accepted this proposal' })).toHaveFocus();
    expect(screen.getByText('This proposal has already been answered.')).toBeInTheDocument();
    expect(screen.getByText('Signed by Other Person on November 21, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).toBeNull();
  });

  it('declines with an optional reason', async () => {
    const { posts } = fakeFetch(getProposal(proposalFixture({ lostReasons: [] })), post('decline', { status: 200, body: {} }));
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByText('Decline this proposal'));
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.type(screen.getByLabelText('Reason (optional)'), 'We chose another contractor.');
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your answer' })).toHaveFocus();
    expect(posts()[0]).toMatchObject({ url: '/api/public/proposals/tok-123/decline', body: { reason: 'We chose another contractor.' } });
  });

  it("declines with one of the office's reasons (issue 39), and shows the server's refusal by the choice", async () => {
    const refused = { status: 400, body: { message: 'Form is invalid.', errors: { lostReason: 'Choose one of the reasons offered.' } } };
    let declines = 0;
    const { posts } = fakeFetch(getProposal(proposalFixture({ lostReasons: ['Price', 'Timing', 'Other'] })), (call) =>
      call.method === 'POST' && call.url.endsWith('/decline') ? (declines++ ? { status: 200, body: {} } : refused) : undefined,
    );
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByText('Decline this proposal'));
    const choice = screen.getByRole('combobox', { name: 'Main reason (optional)' });
    expect([...(choice as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Choose a reason',
      'Price',
      'Timing',
      'Other',
    ]);
    await user.selectOptions(choice, 'Timing');
    await user.type(screen.getByLabelText('Comments (optional)'), 'Next spring.');
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    expect(await screen.findByText('Choose one of the reasons offered.')).toBeInTheDocument();
    expect(choice).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Decline proposal' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your answer' })).toBeInTheDocument();
    expect(posts().map((call) => call.body)).toEqual([
      { lostReason: 'Timing', reason: 'Next spring.' },
      { lostReason: 'Timing', reason: 'Next spring.' },
    ]);
  });

  it('asks for changes with a message, which it needs', async () => {
    const { posts } = fakeFetch(getProposal(proposalFixture()), post('requestChanges', { status: 200, body: {} }));
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByText('Ask for changes'));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByLabelText('What would you like changed?')).toHaveAccessibleDescription('Write what you would like changed.');
    expect(screen.getByLabelText('What would you like changed?')).toHaveFocus();
    expect(posts()).toEqual([]);
    await user.type(screen.getByLabelText('What would you like changed?'), 'Please add a fall cleanup.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Your request was sent' })).toBeInTheDocument();
    expect(posts()[0]).toMatchObject({
      url: '/api/public/proposals/tok-123/requestChanges',
      body: { message: 'Please add a fall cleanup.' },
    });
  });

  it('an expired proposal cannot be answered, but asks the office for an up-to-date one (issue 39)', async () => {
    const { posts } = fakeFetch(getProposal(proposalFixture({ status: 'expired' })), post('requestChanges', { status: 200, body: {} }));
    await open();
    expect(screen.getByRole('heading', { name: 'This proposal has expired' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByLabelText('Message (what you would like quoted now)')).toHaveAccessibleDescription(
      'Write a short message for the office.',
    );
    expect(posts()).toEqual([]);
    await user.type(screen.getByLabelText('Message (what you would like quoted now)'), 'Still interested for spring.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Your request was sent' })).toBeInTheDocument();
    expect(posts()[0]).toMatchObject({
      url: '/api/public/proposals/tok-123/requestChanges',
      body: { message: 'Still interested for spring.' },
    });
  });

  it('shows prices by print type: one total only, or no prices at all; no checkboxes without approval', async () => {
    const sent = proposalFixture();
    fakeFetch(getProposal({ ...sent, printType: 'TOTAL_PRICE_ONLY', areas: AREAS.map((a) => ({ ...a, subtotal: null })) }));
    await open();
    expect(screen.queryByRole('checkbox', { name: AREAS[0].name })).toBeNull();
    expect(screen.queryByText('$1,250.00')).toBeNull();
    expect(totalRow('Total')).toBe(formatMoney(sent.pricing!.total));
    expect(screen.getByText(/By signing you accept the work described above for a total of/)).toBeInTheDocument();
    root.textContent = '';

    fakeFetch(
      getProposal(proposalFixture({ printType: 'WORK_AREA_ONLY', pricing: null, areas: AREAS.map((a) => ({ ...a, subtotal: null })) })),
    );
    await open();
    expect(screen.getByRole('heading', { name: 'Front lawn renovation' })).toBeInTheDocument();
    expect(root.querySelector('dl.totals')).toBeNull();
    expect(root.textContent).not.toMatch(/\$\d/);
    root.textContent = '';

    fakeFetch(getProposal(proposalFixture({ approval: false })));
    await open();
    expect(screen.queryByRole('checkbox', { name: AREAS[0].name })).toBeNull();
    expect(screen.getByText('$1,250.00')).toBeInTheDocument();
  });

  it('asks to accept the proposal itself when it was sent without terms', async () => {
    fakeFetch(getProposal(proposalFixture({ terms: [] })));
    await open();
    expect(screen.queryByRole('heading', { name: 'Terms & Conditions' })).toBeNull();
    expect(screen.getByLabelText('I accept this proposal')).not.toBeChecked();
    expect(screen.getByText(/and tick “I accept this proposal”\.$/)).toBeInTheDocument();
    expect(screen.getByText(/^By signing you accept .*\(taxes included\)\.$/)).toBeInTheDocument();
  });

  const closed: [string, Partial<PublicProposal>, string, RegExp][] = [
    [
      'accepted',
      {
        status: 'accepted',
        response: {
          kind: 'accepted',
          at: '2026-11-21T16:00:00.000Z',
          signerName: 'Pat Client',
          acceptedWorkAreaIDs: [11, 13],
          message: null,
        },
      },
      'You accepted this proposal',
      /Not included: Patio planting beds\./,
    ],
    [
      'declined',
      {
        status: 'declined',
        response: { kind: 'declined', at: '2026-11-21T16:00:00.000Z', signerName: null, acceptedWorkAreaIDs: null, message: 'Too dear' },
      },
      'You declined this proposal',
      /Your reason: “Too dear”/,
    ],
    [
      'changesRequested',
      {
        status: 'changesRequested',
        response: {
          kind: 'changesRequested',
          at: '2026-11-21T16:00:00.000Z',
          signerName: null,
          acceptedWorkAreaIDs: null,
          message: 'Add mulch',
        },
      },
      'You asked for changes',
      /Your message: “Add mulch”/,
    ],
    ['expired', { status: 'expired' }, 'This proposal has expired', /valid until December 20, 2026/],
    ['withdrawn', { status: 'withdrawn' }, 'This proposal was withdrawn', /Green Acres Landscaping has withdrawn this proposal/],
    ['superseded', { status: 'withdrawn', superseded: true }, 'A newer proposal was sent', /newer version of this proposal/],
  ];

  it.each(closed)('shows a %s proposal read-only with its notice', async (_name, overrides, heading, line) => {
    fakeFetch(getProposal(proposalFixture(overrides)));
    await open();
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'The proposal as it was sent (PDF)' })).toBeInTheDocument();
  });

  it('shows the server message alone for a wrong, withdrawn or expired link (404, 410)', async () => {
    const message = 'This link is not valid. Please contact Green Acres Landscaping at (609) 555-0100.';
    fakeFetch(getProposal(() => ({ status: 404, body: { message } })));
    await open('/p/wrong-token');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This proposal is not available');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(root.querySelector('form, .areas')).toBeNull();
    root.textContent = '';

    fakeFetch(getProposal(() => ({ status: 410, body: { message: 'This proposal has expired. Contact Green Acres.' } })));
    await open();
    expect(screen.getByText('This proposal has expired. Contact Green Acres.')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached', async () => {
    let fail = true;
    fakeFetch(getProposal(() => (fail ? 'network-error' : { status: 200, body: proposalFixture() })));
    await open();
    expect(screen.getByRole('heading', { name: 'We could not load your proposal' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Spring renovation 2027'));
  });

  it('takes the token from the last path segment, and shows names as text, never as HTML', async () => {
    const hostile = '<img src=x onerror="window.hacked=1">';
    const { calls } = fakeFetch(
      getProposal(proposalFixture({ areas: [{ ...AREAS[0], name: hostile }], customer: { ...proposalFixture().customer, name: hostile } })),
    );
    await open('/p/a%2Fb%20c');
    expect(calls[0].url).toBe('/api/public/proposals/a%2Fb%20c');
    expect(screen.getAllByText(hostile).length).toBeGreaterThanOrEqual(2);
    expect(root.querySelector('img[src="x"]')).toBeNull();
  });

  it('says the link is incomplete without a token', async () => {
    const { calls } = fakeFetch();
    await open('/p/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This link is incomplete');
    expect(calls).toEqual([]);
  });
});
