/**
 * The proposal as it was sent: letterhead, customer and site, the work areas with their notes
 * and (by print type) their prices, the totals and the terms in full.
 */
import { estimateLabel } from '../src/domain/estimates';
import { formatMoney } from '../src/domain/money';
import { discountAmount, type Pricing } from '../src/domain/pricing';
import { printedFactLine, type PrintedFact, type PublicArea, type PublicParty, type PublicProposal } from '../src/domain/proposals';
import { CLIENT_PDF_PREPARING } from '../src/domain/proposals';
import { append, type Child, h, replaceChildren, richText } from './dom';
import { addressLines, formatDate, formatPercent, joinParts, mailtoHref, telHref } from './format';
import { areasAreSelectable, showsMoney } from './model';
import { snowSheetView } from './snowSheetView';
import { photosView } from './photosView';
import { showsAreaPrices } from '../src/domain/printing';

export function contactLinks(phone: string | null | undefined, email: string | null | undefined): Child[] {
  const links: Child[] = [];
  if (phone?.trim()) links.push(h('a', { attrs: { href: telHref(phone) } }, phone));
  if (phone?.trim() && email?.trim()) links.push(' · ');
  if (email?.trim()) links.push(h('a', { attrs: { href: mailtoHref(email) } }, email));
  return links;
}

export function letterhead(proposal: PublicProposal): HTMLElement {
  const { company } = proposal;
  const contact = contactLinks(company.phone, company.email);
  return h(
    'header',
    { class: 'letterhead' },
    company.logo
      ? h('img', { class: 'logo', attrs: { src: company.logo, alt: company.name ? `${company.name} logo` : 'Company logo' } })
      : null,
    h(
      'div',
      { class: 'company' },
      company.name?.trim() ? h('p', { class: 'company-name' }, company.name) : null,
      addressLines(company).map((line) => h('p', { class: 'company-line' }, line)),
      contact.length ? h('p', { class: 'company-line' }, ...contact) : null,
      company.website?.trim() ? h('p', { class: 'company-line' }, company.website) : null,
    ),
  );
}

/** Custom fields the office prints on proposals (issue 38), as 'Label: value' lines. */
const printedFacts = (printed: readonly PrintedFact[] = []) => printed.map((fact) => h('p', {}, printedFactLine(fact)));

export function titleBlock(proposal: PublicProposal): HTMLElement {
  const facts: [string, string][] = [
    ['Estimate', estimateLabel(proposal.estimate.number, proposal.estimate.revision)],
    ['Sent', formatDate(proposal.sentAt)],
    ['Valid until', formatDate(proposal.validUntil)],
    ...(proposal.estimate.printed ?? []).map(({ label, text }): [string, string] => [label, text]),
  ];
  return h(
    'div',
    { class: 'title-block' },
    h(
      'h1',
      {},
      h('span', { class: 'kicker' }, 'Proposal'),
      ' ',
      proposal.estimate.projectName || `Estimate ${estimateLabel(proposal.estimate.number, proposal.estimate.revision)}`,
    ),
    h('dl', { class: 'facts' }, ...facts.map(([term, value]) => h('div', {}, h('dt', {}, term), h('dd', {}, value)))),
  );
}

function party(label: string, who: PublicParty | null, extra: Child[] = []): HTMLElement {
  return h(
    'section',
    { class: 'party' },
    h('h2', { class: 'label' }, label),
    who ? h('p', { class: 'party-name' }, who.name) : h('p', {}, '—'),
    who ? addressLines(who).map((line) => h('p', {}, line)) : null,
    who ? printedFacts(who.printed) : null,
    extra,
  );
}

export function parties(proposal: PublicProposal): HTMLElement {
  const { salesperson } = proposal;
  const contact = salesperson ? contactLinks(salesperson.phone, salesperson.email) : [];
  return h(
    'div',
    { class: 'parties' },
    party('Prepared for', proposal.customer),
    party('Project site', proposal.site),
    salesperson
      ? h(
          'section',
          { class: 'party' },
          h('h2', { class: 'label' }, 'Your contact'),
          h('p', { class: 'party-name' }, salesperson.name),
          contact.length ? h('p', {}, ...contact) : null,
        )
      : null,
  );
}

export interface AreasView {
  element: HTMLElement;
  /** The ids ticked (every area when there are no checkboxes). */
  chosen(): number[];
  /** The first checkbox, to focus when none is ticked. */
  firstCheckbox(): HTMLInputElement | null;
  setError(message: string): void;
}

/**
 * The scope of work. With `editable`, a checkbox beside each area (all ticked at first);
 * `marked` shows an answered proposal's accepted and left-out areas.
 */
export function areasView(
  proposal: PublicProposal,
  options: { editable: boolean; acceptedIDs?: readonly number[]; onChange?: () => void },
): AreasView {
  const withPrices = showsAreaPrices(proposal.printType) && showsMoney(proposal);
  const checkboxes: HTMLInputElement[] = [];
  const error = h('p', { class: 'field-error', id: 'areas-error', attrs: { 'aria-live': 'polite' } });
  const accepted = options.acceptedIDs ? new Set(options.acceptedIDs) : null;

  const item = (area: PublicArea, index: number) => {
    const id = `area-${index}`;
    const price = withPrices ? h('span', { class: 'area-price', id: `${id}-price` }, formatMoney(area.subtotal)) : null;
    const card = h('li', { class: 'area' });
    let name: HTMLElement;
    if (options.editable) {
      const box = h('input', {
        class: 'area-check',
        id,
        attrs: { type: 'checkbox', checked: true, 'aria-describedby': price ? `${id}-price areas-error` : 'areas-error' },
      });
      box.checked = true;
      box.dataset.areaId = String(area.id);
      box.addEventListener('change', () => {
        card.classList.toggle('excluded', !box.checked);
        options.onChange?.();
      });
      checkboxes.push(box);
      name = h('h3', { class: 'area-name' }, box, h('label', { attrs: { for: id } }, area.name));
    } else {
      const mark =
        accepted === null
          ? null
          : accepted.has(area.id)
            ? h('span', { class: 'badge accepted' }, 'Accepted')
            : h('span', { class: 'badge left-out' }, 'Not included');
      if (accepted && !accepted.has(area.id)) card.classList.add('excluded');
      name = h('h3', { class: 'area-name' }, area.name, mark ? ' ' : null, mark);
    }
    append(
      card,
      h('div', { class: 'area-head' }, name, price),
      snowSheetView(area.snowPricing),
      richText(area.notes, 'rich-text notes'),
      photosView(area.photos, `Photos of ${area.name}`),
    );
    return card;
  };

  const intro = options.editable
    ? h('p', { class: 'hint' }, 'Tick the work areas you would like us to do. The totals below follow your choice.')
    : null;
  const list = proposal.areas.length
    ? h('ol', { class: 'areas', attrs: { 'aria-labelledby': 'scope-heading' } }, proposal.areas.map(item))
    : h('p', { class: 'hint' }, 'No work areas are included in this proposal.');
  const element = h(
    'section',
    { class: 'scope', attrs: { 'aria-labelledby': 'scope-heading' } },
    h('h2', { id: 'scope-heading' }, 'Scope of work'),
    intro,
    list,
    proposal.photos?.length ? h('h3', { class: 'photos-heading' }, 'Photos') : null,
    photosView(proposal.photos, 'Photos'),
    options.editable ? error : null,
  );

  return {
    element,
    chosen: () =>
      options.editable
        ? checkboxes.filter((box) => box.checked).map((box) => Number(box.dataset.areaId))
        : proposal.areas.map((area) => area.id),
    firstCheckbox: () => checkboxes[0] ?? null,
    setError(message) {
      error.textContent = message;
      for (const box of checkboxes) box.setAttribute('aria-invalid', String(Boolean(message)));
    },
  };
}

/** The totals table's rows: subtotal, the discount when there is one, taxes and total. */
function totalsRows(pricing: Pricing): HTMLElement[] {
  const row = (term: string, value: string, className = '') =>
    h('div', { class: `total-row ${className}`.trim() }, h('dt', {}, term), h('dd', {}, value));
  const rows = [row('Subtotal', formatMoney(pricing.subtotal))];
  if (pricing.discount > 0)
    rows.push(row(`Discount (${formatPercent(pricing.discount)})`, `−${formatMoney(discountAmount(pricing))}`, 'discount'));
  rows.push(row('Taxes', formatMoney(pricing.taxes)));
  rows.push(row('Total', formatMoney(pricing.total), 'grand-total'));
  return rows;
}

export interface TotalsView {
  element: HTMLElement;
  update(pricing: Pricing, chosenCount: number): void;
}

/** The totals, announced politely as they change (aria-live). */
export function totalsView(
  proposal: PublicProposal,
  pricing: Pricing,
  chosenCount: number,
  mode: 'choosing' | 'accepted' | 'sent',
): TotalsView {
  const selectable = areasAreSelectable(proposal) && mode !== 'sent';
  const caption = h('p', { class: 'hint' });
  const table = h('dl', { class: 'totals', attrs: { 'aria-live': 'polite', 'aria-atomic': 'true', 'aria-describedby': 'totals-caption' } });
  caption.id = 'totals-caption';
  const update = (next: Pricing, count: number) => {
    replaceChildren(table, totalsRows(next));
    caption.textContent = selectable
      ? count === proposal.areas.length
        ? `For all ${count} work areas.`
        : mode === 'accepted'
          ? `For the ${count} of ${proposal.areas.length} work areas accepted.`
          : `For the ${count} of ${proposal.areas.length} work areas you have ticked.`
      : '';
    caption.hidden = !selectable;
  };
  update(pricing, chosenCount);
  const element = h(
    'section',
    { class: 'pricing', attrs: { 'aria-labelledby': 'pricing-heading' } },
    h('h2', { id: 'pricing-heading' }, 'Pricing'),
    caption,
    table,
  );
  return { element, update };
}

export function termsView(proposal: PublicProposal): HTMLElement | null {
  if (!proposal.terms.length) return null;
  return h(
    'section',
    { class: 'terms', attrs: { 'aria-labelledby': 'terms-heading' } },
    h('h2', { id: 'terms-heading' }, 'Terms & Conditions'),
    proposal.terms.map((term) => h('section', { class: 'term' }, h('h3', {}, term.name), richText(term.content, 'rich-text'))),
  );
}

/** The PDF exactly as it was sent (once it is made, after the send). */
export function pdfLink(proposal: PublicProposal, text = 'Download this proposal as a PDF'): HTMLElement {
  if (!proposal.pdfUrl) return h('span', { class: 'pdf-pending' }, CLIENT_PDF_PREPARING);
  return h('a', { class: 'pdf-link', attrs: { href: proposal.pdfUrl, rel: 'noreferrer', type: 'application/pdf' } }, text);
}

/** The company's contact line at the foot of the page. */
export function footer(proposal: PublicProposal): HTMLElement {
  const { company } = proposal;
  const contact = contactLinks(company.phone, company.email);
  return h(
    'footer',
    { class: 'page-footer' },
    h('p', {}, joinParts([company.name, ...addressLines(company)], ' · ')),
    contact.length ? h('p', {}, 'Questions? ', ...contact) : null,
  );
}
