/**
 * The client's answer: Accept (name, signature, "I accept the terms and conditions"), Decline
 * (an optional reason) or Request changes (a message). Each form validates before it sends and
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

const REASON_MAX = 2000;

function textField(label: string, options: { multiline?: boolean; required?: boolean; autocomplete?: string; maxLength: number }) {
  const id = uniqueId('field');
  const errorId = `${id}-error`;
  const attrs = { 'aria-describedby': errorId, maxlength: options.maxLength, required: options.required ?? false };
  const input = options.multiline
    ? h('textarea', { class: 'text-input', id, attrs: { rows: 4, ...attrs } })
    : h('input', { class: 'text-input', id, attrs: { type: 'text', autocomplete: options.autocomplete ?? 'off', ...attrs } });
  const error = h('p', { class: 'field-error', id: errorId, attrs: { 'aria-live': 'polite' } });
  const element = h('div', { class: 'field' }, h('label', { attrs: { for: id } }, label), input, error);
  const setError = (message: string) => {
    error.textContent = message;
    input.setAttribute('aria-invalid', String(Boolean(message)));
  };
  return { element, input, setError };
}

/** A form's own message line (what went wrong sending it). */
function formAlert() {
  const element = h('div', { class: 'form-alert', attrs: { role: 'alert' } });
  element.hidden = true;
  return {
    element,
    show(message: string | Node) {
      element.textContent = '';
      element.append(message);
      element.hidden = false;
    },
    clear() {
      element.textContent = '';
      element.hidden = true;
    },
  };
}

function busy(button: HTMLButtonElement, label: string, sending: boolean): void {
  button.disabled = sending;
  button.textContent = sending ? 'Sending…' : label;
  button.setAttribute('aria-busy', String(sending));
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

/** Decline or Request changes: a disclosure with a text box and a button. */
function messageForm(options: {
  summary: string;
  label: string;
  button: string;
  required: boolean;
  missing: string;
  answer: (text: string) => Answer;
  send: AnswerOptions['send'];
}) {
  const field = textField(options.label, { multiline: true, required: options.required, maxLength: REASON_MAX });
  const button = h('button', { class: 'button secondary', attrs: { type: 'submit' } }, options.button);
  const alert = formAlert();
  const form = h(
    'form',
    { class: 'answer-form', attrs: { novalidate: true } },
    field.element,
    alert.element,
    h('div', { class: 'button-row' }, button),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    alert.clear();
    const text = field.input.value.trim();
    if (options.required && !text) {
      field.setError(options.missing);
      field.input.focus();
      return;
    }
    field.setError('');
    busy(button, options.button, true);
    try {
      await options.send(options.answer(text));
    } catch (error) {
      busy(button, options.button, false);
      const message = error instanceof ApiError ? (error.errors.reason ?? error.errors.message) : undefined;
      if (message) field.setError(message);
      alert.show(error instanceof Error ? error.message : String(error));
    }
  });
  field.input.addEventListener('input', () => {
    if (field.input.value.trim()) field.setError('');
  });
  return h('details', { class: 'answer-other' }, h('summary', {}, options.summary), form);
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
    label: 'Reason (optional)',
    button: 'Decline proposal',
    required: false,
    missing: '',
    answer: (reason) => ({ kind: 'decline', body: { reason } }),
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
