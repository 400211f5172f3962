/**
 * The client's proposal page (issue 22): loads the proposal of the token in the address,
 * shows it as sent, and takes the client's answer. Vanilla DOM: this page must stay small and
 * share nothing with the office app but src/domain.
 */
import { estimateLabel } from '../src/domain/estimates';
import type { PublicProposal } from '../src/domain/proposals';
import { type Answer, ApiError, loadProposal, sendAnswer, tokenFromPath } from './api';
import { answerSection, askAgainSection, type AnswerSection } from './answerForms';
import { h, replaceChildren } from './dom';
import { answeredAreaIDs, answeredNotice, areasAreSelectable, canAnswer, type Notice, pricingOf, statusNotice } from './model';
import { areasView, footer, letterhead, parties, pdfLink, termsView, titleBlock, totalsView } from './proposalView';

const STATUS_OF: Record<Answer['kind'], PublicProposal['status']> = {
  accept: 'accepted',
  decline: 'declined',
  requestChanges: 'changesRequested',
};
type ResponseKind = NonNullable<PublicProposal['response']>['kind'];
const KIND_OF: Record<Answer['kind'], ResponseKind> = {
  accept: 'accepted',
  decline: 'declined',
  requestChanges: 'changesRequested',
};

/** The proposal as the server now holds it after this answer (shown without another request). */
export function withAnswer(proposal: PublicProposal, answer: Answer, at = new Date()): PublicProposal {
  return {
    ...proposal,
    status: STATUS_OF[answer.kind],
    response: {
      kind: KIND_OF[answer.kind],
      at: at.toISOString(),
      signerName: answer.kind === 'accept' ? answer.body.signerName : null,
      acceptedWorkAreaIDs: answer.kind === 'accept' ? answer.body.acceptedWorkAreaIDs : null,
      message: answer.kind === 'decline' ? answer.body.reason || null : answer.kind === 'requestChanges' ? answer.body.message : null,
    },
  };
}

function noticeView(notice: Notice, proposal: PublicProposal, extra?: string): HTMLElement {
  const heading = h('h2', { id: 'notice-heading', attrs: { tabindex: -1 } }, notice.heading);
  return h(
    'section',
    { class: 'notice', attrs: { 'aria-labelledby': 'notice-heading' } },
    heading,
    extra ? h('p', { class: 'notice-extra' }, extra) : null,
    notice.lines.map((line) => h('p', {}, line)),
    h('p', {}, pdfLink(proposal, 'The proposal as it was sent (PDF)')),
  );
}

/** A page that cannot show a proposal: the server's message (it names whom to contact). */
export function renderError(root: HTMLElement, heading: string, message: string, retry?: () => void): void {
  document.title = heading;
  replaceChildren(
    root,
    h(
      'section',
      { class: 'error-page' },
      h('h1', {}, heading),
      h('p', {}, message),
      retry
        ? h(
            'button',
            {
              class: 'button secondary',
              attrs: { type: 'button' },
              on: {
                click: (event) => {
                  const button = event.currentTarget as HTMLButtonElement;
                  button.disabled = true;
                  button.textContent = 'Loading…';
                  retry();
                },
              },
            },
            'Try again',
          )
        : null,
    ),
  );
}

export class ClientPage {
  private answer: AnswerSection | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly token: string,
  ) {}

  async load(): Promise<void> {
    this.root.setAttribute('aria-busy', 'true');
    try {
      this.render(await loadProposal(this.token));
    } catch (error) {
      this.showLoadError(error);
    } finally {
      this.root.setAttribute('aria-busy', 'false');
    }
  }

  private showLoadError(error: unknown): void {
    this.answer?.destroy();
    this.answer = null;
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      renderError(this.root, 'This proposal is not available', error.message);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      renderError(this.root, 'We could not load your proposal', message, () => void this.load());
    }
  }

  /** Shows the proposal; `answered` after the client answered on this page, `extra` a message of the server. */
  render(proposal: PublicProposal, options: { answered?: boolean; extra?: string } = {}): void {
    this.answer?.destroy();
    this.answer = null;
    document.title = `Proposal ${estimateLabel(proposal.estimate.number, proposal.estimate.revision)}${proposal.company.name ? ` · ${proposal.company.name}` : ''}`;
    const open = canAnswer(proposal);
    const notice =
      (options.answered ? answeredNotice(proposal) : statusNotice(proposal)) ??
      // A server message about a proposal that is still open (a 409 of another kind): shown all the same.
      (options.extra ? { heading: 'Please look at this proposal again', lines: [] } : null);
    const acceptedIDs = proposal.status === 'accepted' && areasAreSelectable(proposal) ? answeredAreaIDs(proposal) : undefined;
    const areas = areasView(proposal, {
      editable: open && areasAreSelectable(proposal),
      acceptedIDs,
      onChange: () => {
        const chosen = areas.chosen();
        const pricing = pricingOf(proposal, chosen);
        if (pricing) totals?.update(pricing, chosen.length);
        this.answer?.refresh();
      },
    });
    const chosen = acceptedIDs ?? areas.chosen();
    const pricing = pricingOf(proposal, chosen);
    const totals = pricing ? totalsView(proposal, pricing, chosen.length, acceptedIDs ? 'accepted' : open ? 'choosing' : 'sent') : null;
    const send = (answer: Answer) => this.send(proposal, answer);
    this.answer = open
      ? answerSection({ proposal, areas, send })
      : proposal.status === 'expired' && !proposal.superseded && !options.answered
        ? askAgainSection({ proposal, send })
        : null;
    const noticeElement = notice ? noticeView(notice, proposal, options.extra) : null;
    replaceChildren(
      this.root,
      letterhead(proposal),
      titleBlock(proposal),
      noticeElement,
      parties(proposal),
      areas.element,
      totals?.element,
      h('p', { class: 'pdf' }, pdfLink(proposal)),
      termsView(proposal),
      this.answer?.element,
      footer(proposal),
    );
    this.answer?.mounted();
    if (options.answered || options.extra) noticeElement?.querySelector<HTMLElement>('h2')?.focus();
  }

  /** Sends an answer; on success shows the result, on 409 the proposal as it now is. */
  private async send(proposal: PublicProposal, answer: Answer): Promise<void> {
    try {
      await sendAnswer(this.token, answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Answered meanwhile (another tab, another person): show what the server now holds.
        try {
          this.render(await loadProposal(this.token), { extra: error.message });
          return;
        } catch (reload) {
          this.showLoadError(reload);
          return;
        }
      }
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        this.showLoadError(error);
        return;
      }
      throw error;
    }
    this.render(withAnswer(proposal, answer), { answered: true });
  }
}

/** Starts the page for the address `pathname` (/p/<token>) in `root`. */
export async function startClientPage(root: HTMLElement, pathname: string): Promise<ClientPage | null> {
  const token = tokenFromPath(pathname);
  if (!token || pathname.replace(/\/+$/, '') === '/p') {
    renderError(root, 'This link is incomplete', 'Please open the whole link from the email you received.');
    root.setAttribute('aria-busy', 'false');
    return null;
  }
  const page = new ClientPage(root, token);
  await page.load();
  return page;
}
