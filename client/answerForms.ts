/**
 * The client's answer: Accept (name, signature, "I accept the terms and conditions"), Decline
 * (a reason from the office's list and a comment, both optional) or Request changes (a message). Each form validates before it sends and
 * shows the server's own messages (400 field errors, 409 already answered) where they belong.
 */
import { formatMoney } from '../src/domain/money';
import type { PublicProposal } from '../src/domain/proposals';
import { type Answer, ApiError } from './api';
import { h, uniqueId } from './dom';
import {
  type AcceptField,
  acceptHint,
  acceptProblems,
  areasAreSelectable,
  NO_TERMS_LABEL,
  pricingOf,
  showsMoney,
  TERMS_LABEL,
} from './model';
import type { AreasView } from './proposalView';
import { signatureField, type SignatureField } from './signature';
import { busy, formAlert, textField } from './formParts';
import { messageForm } from './messageForm';

export interface AnswerOptions {
  proposal: PublicProposal;
  areas: AreasView;
  /** Sends the answer; rejects with ApiError. */
  send(answer: Answer): Promise<void>;
}

export interface AnswerSection {
  element: HTMLElement;
  /** The areas' ticks changed. */
  refresh(): void;
  /** Sizes the signature canvas (once in the document). */
  mounted(): void;
  destroy(): void;
}

function acceptForm({ proposal, areas, send }: AnswerOptions) {
  const selectable = areasAreSelectable(proposal);
  const hasTerms = proposal.terms.length > 0;
  const termsLabel = hasTerms ? TERMS_LABEL : NO_TERMS_LABEL;
  const name = textField('Your full name', { autocomplete: 'name', required: true, maxLength: 200 });
  const signature: SignatureField = signatureField({ onChange: () => refresh(), signerName: () => name.input.value });
  const termsId = uniqueId('terms');
  const termsBox = h('input', { id: termsId, attrs: { type: 'checkbox', 'aria-describedby': `${termsId}-error` } });
  const termsError = h('p', { class: 'field-error', id: `${termsId}-error`, attrs: { 'aria-live': 'polite' } });
  const summary = h('p', { class: 'accept-summary' });
  const hintId = uniqueId('accept-hint');
  const hint = h('p', { class: 'hint', id: hintId, attrs: { 'aria-live': 'polite' } });
  const label = 'Accept proposal';
  const button = h('button', { class: 'button primary', attrs: { type: 'submit', 'aria-describedby': hintId } }, label);
  const alert = formAlert();

  const problems = () => {
    const missing = signature.missing();
    return acceptProblems({
      selectable,
      chosenCount: areas.chosen().length,
      signerName: name.input.value,
      signature: { given: missing === null, message: missing ?? '' },
      termsAccepted: termsBox.checked,
      termsLabel,
    });
  };

  /** Live: what accepting accepts, and what is still missing (the fields' own errors go once fixed). */
  function refresh(): void {
    const chosen = areas.chosen();
    const pricing = pricingOf(proposal, chosen);
    const count = selectable ? `the ${chosen.length} of ${proposal.areas.length} work areas ticked above` : 'the work described above';
    summary.textContent =
      `By signing you accept ${count}` +
      (showsMoney(proposal) && pricing ? ` for a total of ${formatMoney(pricing.total)} (taxes included)` : '') +
      (hasTerms ? ', and the terms and conditions above.' : '.');
    const open = problems();
    const next = acceptHint(open);
    // Live region: only a real change is announced, not every keystroke in the name.
    if (hint.textContent !== next) hint.textContent = next;
    const still = new Set(open.map((problem) => problem.field));
    if (!still.has('areas')) areas.setError('');
    if (!still.has('signerName')) name.setError('');
    if (!still.has('signature')) signature.setError('');
    if (!still.has('terms')) setTermsError('');
  }

  function setTermsError(message: string): void {
    termsError.textContent = message;
    termsBox.setAttribute('aria-invalid', String(Boolean(message)));
  }

  const setError: Record<AcceptField, (message: string) => void> = {
    areas: (message) => areas.setError(message),
    signerName: name.setError,
    signature: (message) => signature.setError(message),
    terms: setTermsError,
  };
  const focus: Record<AcceptField, () => void> = {
    areas: () => areas.firstCheckbox()?.focus(),
    signerName: () => name.input.focus(),
    signature: () => signature.focus(),
    terms: () => termsBox.focus(),
  };
  /** The server's field names for ours. */
  const serverFields: Record<string, AcceptField> = { acceptedWorkAreaIDs: 'areas', signerName: 'signerName', signature: 'signature' };

  name.input.addEventListener('input', refresh);
  termsBox.addEventListener('change', refresh);

  const form = h(
    'form',
    { class: 'answer-form accept', attrs: { novalidate: true, 'aria-labelledby': 'accept-heading' } },
    h('h3', { id: 'accept-heading' }, 'Accept and sign'),
    summary,
    name.element,
    signature.element,
    h('div', { class: 'field checkbox-field' }, termsBox, h('label', { attrs: { for: termsId } }, termsLabel), termsError),
    alert.element,
    h('div', { class: 'button-row' }, button),
    hint,
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    alert.clear();
    const open = problems();
    for (const field of Object.keys(setError) as AcceptField[])
      setError[field](open.find((problem) => problem.field === field)?.message ?? '');
    if (open.length) {
      alert.show(`Before you can accept: ${open.map((problem) => problem.message).join(' ')}`);
      focus[open[0].field]();
      return;
    }
    // The PNG is made once, now (a signature too detailed to send is said so).
    const drawn = signature.value();
    if ('problem' in drawn) {
      signature.setError(drawn.problem);
      alert.show(drawn.problem);
      signature.focus();
      return;
    }
    busy(button, label, true);
    try {
      await send({
        kind: 'accept',
        body: { acceptedWorkAreaIDs: areas.chosen(), signerName: name.input.value.trim(), signature: drawn.signature },
      });
    } catch (error) {
      busy(button, label, false);
      const fields = error instanceof ApiError ? Object.entries(error.errors) : [];
      for (const [field, message] of fields) if (serverFields[field]) setError[serverFields[field]](message);
      alert.show(error instanceof Error ? error.message : String(error));
      const first = fields.map(([field]) => serverFields[field]).find(Boolean);
      if (first) focus[first]();
    }
  });

  refresh();
  return { form, refresh, signature };
}

/**
 * An expired proposal (issue 39): no answer any more, but the client can ask the office for an
 * up-to-date one (a request for changes, which the server still takes).
 */
export function askAgainSection(options: Pick<AnswerOptions, 'proposal' | 'send'>): AnswerSection {
  const form = messageForm({
    summary: 'Ask for an up-to-date proposal',
    label: 'Message (what you would like quoted now)',
    button: 'Send request',
    required: true,
    missing: 'Write a short message for the office.',
    answer: (message) => ({ kind: 'requestChanges', body: { message } }),
    send: options.send,
  });
  form.open = true;
  const element = h(
    'section',
    { class: 'answer', attrs: { 'aria-labelledby': 'ask-again-heading' } },
    h('h2', { id: 'ask-again-heading' }, 'Still interested?'),
    form,
  );
  return { element, refresh: () => undefined, mounted: () => undefined, destroy: () => undefined };
}

export function answerSection(options: AnswerOptions): AnswerSection {
  const accept = acceptForm(options);
  const decline = messageForm({
    summary: 'Decline this proposal',
    label: options.proposal.lostReasons.length ? 'Comments (optional)' : 'Reason (optional)',
    button: 'Decline proposal',
    required: false,
    missing: '',
    choice: { label: 'Main reason (optional)', blank: 'Choose a reason', names: options.proposal.lostReasons },
    answer: (reason, lostReason) => ({ kind: 'decline', body: lostReason ? { lostReason, reason } : { reason } }),
    send: options.send,
  });
  const changes = messageForm({
    summary: 'Ask for changes',
    label: 'What would you like changed?',
    button: 'Send request',
    required: true,
    missing: 'Write what you would like changed.',
    answer: (message) => ({ kind: 'requestChanges', body: { message } }),
    send: options.send,
  });
  const element = h(
    'section',
    { class: 'answer', attrs: { 'aria-labelledby': 'answer-heading' } },
    h('h2', { id: 'answer-heading' }, 'Your answer'),
    accept.form,
    h('div', { class: 'other-answers' }, h('h3', {}, 'Not ready to accept?'), changes, decline),
  );
  return {
    element,
    refresh: accept.refresh,
    mounted: () => accept.signature.fit(),
    destroy: () => accept.signature.destroy(),
  };
}
