/**
 * Decline, Request changes, Ask again: a disclosure with a text box and a button; the decline
 * also offers the office's reasons to choose from (issue 39), optional like its text.
 */
import { type Answer, ApiError } from './api';
import { h, uniqueId } from './dom';
import { busy, formAlert, REASON_MAX, textField } from './formParts';

export interface MessageFormOptions {
  summary: string;
  label: string;
  button: string;
  required: boolean;
  missing: string;
  /** A choice offered above the text (the decline's reasons); none chosen is ''. */
  choice?: { label: string; blank: string; names: readonly string[] };
  answer: (text: string, chosen: string) => Answer;
  send(answer: Answer): Promise<void>;
}

/** A labelled select of names with a blank first entry, and its error line. */
function choiceField({ label, blank, names }: NonNullable<MessageFormOptions['choice']>) {
  const id = uniqueId('choice');
  const errorId = `${id}-error`;
  const select = h(
    'select',
    { class: 'text-input', id, attrs: { 'aria-describedby': errorId } },
    h('option', { attrs: { value: '' } }, blank),
    names.map((name) => h('option', { attrs: { value: name } }, name)),
  );
  const error = h('p', { class: 'field-error', id: errorId, attrs: { 'aria-live': 'polite' } });
  const element = h('div', { class: 'field' }, h('label', { attrs: { for: id } }, label), select, error);
  const setError = (message: string) => {
    error.textContent = message;
    select.setAttribute('aria-invalid', String(Boolean(message)));
  };
  select.addEventListener('change', () => setError(''));
  return { element, select, setError };
}

export function messageForm(options: MessageFormOptions): HTMLDetailsElement {
  const choice = options.choice?.names.length ? choiceField(options.choice) : null;
  const field = textField(options.label, { multiline: true, required: options.required, maxLength: REASON_MAX });
  const button = h('button', { class: 'button secondary', attrs: { type: 'submit' } }, options.button);
  const alert = formAlert();
  const form = h(
    'form',
    { class: 'answer-form', attrs: { novalidate: true } },
    choice?.element,
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
      await options.send(options.answer(text, choice?.select.value ?? ''));
    } catch (error) {
      busy(button, options.button, false);
      const fields = error instanceof ApiError ? error.errors : {};
      const message = fields.reason ?? fields.message;
      if (message) field.setError(message);
      if (fields.lostReason) choice?.setError(fields.lostReason);
      alert.show(error instanceof Error ? error.message : String(error));
    }
  });
  field.input.addEventListener('input', () => {
    if (field.input.value.trim()) field.setError('');
  });
  return h('details', { class: 'answer-other' }, h('summary', {}, options.summary), form);
}
