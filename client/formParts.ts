/** The parts of the client's answer forms: a labelled text field, the form's message line, a busy button. */
import { h, uniqueId } from './dom';

/** The longest message the client's forms take (the server takes more). */
export const REASON_MAX = 2000;

export function textField(label: string, options: { multiline?: boolean; required?: boolean; autocomplete?: string; maxLength: number }) {
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
export function formAlert() {
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

export function busy(button: HTMLButtonElement, label: string, sending: boolean): void {
  button.disabled = sending;
  button.textContent = sending ? 'Sending…' : label;
  button.setAttribute('aria-busy', String(sending));
}
