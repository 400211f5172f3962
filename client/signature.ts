/**
 * The signature: drawn on a canvas with signature_pad (mouse, finger or pen), or typed.
 * The canvas is sized for the device pixel ratio and re-sized (keeping the strokes) whenever
 * its width changes: rotating a phone, resizing a window.
 */
import SignaturePad from 'signature_pad';
import { MAX_SIGNATURE_BYTES, signatureExportSize } from '../src/domain/proposals';
import type { Signature } from './api';
import { h, uniqueId } from './dom';

export interface SignatureField {
  element: HTMLElement;
  /** The signature to send, or a reason why there is none. */
  value(): { signature: Signature } | { problem: string };
  /** What is missing (cheap: for the live hint, without making the PNG), or null. */
  missing(): string | null;
  /** Shows (or clears, with '') the field's message. */
  setError(message: string): void;
  /** Focus for a keyboard user: the typed input when typing, else the mode button. */
  focus(): void;
  /** Sizes the canvas now (after it is in the document). */
  fit(): void;
  destroy(): void;
}

export const SIGNATURE_MISSING = 'Sign in the box, or choose “Type your name instead”.';
export const TYPED_MISSING = 'Type your name as your signature.';
export const SIGNATURE_TOO_LARGE = 'The signature is too detailed to send. Clear it and sign again, or type your name instead.';

/** The drawing redrawn on a canvas of `size` pixels, as a PNG data URL. */
function scaledPng(canvas: HTMLCanvasElement, size: { width: number; height: number }): string {
  const scaled = document.createElement('canvas');
  scaled.width = size.width;
  scaled.height = size.height;
  scaled.getContext('2d')?.drawImage(canvas, 0, 0, size.width, size.height);
  return scaled.toDataURL('image/png');
}

/**
 * Exports the drawing as a PNG data URL within the signature bounds (scaled down to fit, keeping
 * its aspect: the server refuses a larger canvas) and MAX_SIGNATURE_BYTES (falling back to 1× pixels).
 */
function exportPng(pad: SignaturePad, canvas: HTMLCanvasElement): string | null {
  const fitted = signatureExportSize(canvas.width, canvas.height);
  const asDrawn = fitted.width === canvas.width && fitted.height === canvas.height;
  const full = asDrawn ? pad.toDataURL('image/png') : scaledPng(canvas, fitted);
  if (full.length <= MAX_SIGNATURE_BYTES) return full;
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const reduced = scaledPng(canvas, signatureExportSize(canvas.width / ratio, canvas.height / ratio));
  return reduced.length <= MAX_SIGNATURE_BYTES ? reduced : null;
}

export function signatureField({ onChange, signerName }: { onChange: () => void; signerName: () => string }): SignatureField {
  const errorId = uniqueId('signature-error');
  const hintId = uniqueId('signature-hint');
  const typedId = uniqueId('typed-signature');
  let mode: 'drawn' | 'typed' = 'drawn';

  const canvas = h('canvas', {
    class: 'signature-canvas',
    attrs: { role: 'img', 'aria-label': 'Signature box: draw your signature here', 'aria-describedby': hintId },
  });
  const pad = new SignaturePad(canvas, { penColor: 'rgb(16, 32, 96)', minWidth: 0.7, maxWidth: 2.6 });
  pad.addEventListener('endStroke', () => onChange());

  const error = h('p', { class: 'field-error', id: errorId, attrs: { 'aria-live': 'polite' } });
  const typedInput = h('input', {
    class: 'text-input',
    id: typedId,
    attrs: { type: 'text', autocomplete: 'name', maxlength: 200, 'aria-describedby': errorId },
    on: { input: () => onChange() },
  });
  const typedPreview = h('p', { class: 'typed-preview', attrs: { 'aria-hidden': 'true' } });
  typedInput.addEventListener('input', () => (typedPreview.textContent = typedInput.value));

  const clearButton = h('button', { class: 'button secondary', attrs: { type: 'button' } }, 'Clear');
  clearButton.addEventListener('click', () => {
    pad.clear();
    onChange();
  });
  const toTyped = h('button', { class: 'button link', attrs: { type: 'button' } }, 'Type your name instead');
  const toDrawn = h('button', { class: 'button link', attrs: { type: 'button' } }, 'Draw your signature instead');

  const drawPart = h(
    'div',
    { class: 'signature-draw' },
    h('p', { class: 'hint', id: hintId }, 'Sign in the box with your mouse, finger or pen.'),
    h('div', { class: 'signature-box' }, canvas, h('span', { class: 'signature-line', attrs: { 'aria-hidden': 'true' } })),
    h('div', { class: 'button-row' }, clearButton, toTyped),
  );
  const typedPart = h(
    'div',
    { class: 'signature-typed', attrs: { hidden: true } },
    h('label', { attrs: { for: typedId } }, 'Type your name as your signature'),
    typedInput,
    typedPreview,
    h('div', { class: 'button-row' }, toDrawn),
  );

  const element = h(
    'fieldset',
    { class: 'signature', attrs: { 'aria-describedby': errorId } },
    h('legend', {}, 'Signature'),
    drawPart,
    typedPart,
    error,
  );

  let lastWidth = 0;
  function fit(): void {
    const width = canvas.offsetWidth;
    const height = canvas.offsetHeight;
    if (!width || !height) return; // hidden (typing) or not laid out yet
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const pixelWidth = Math.round(width * ratio);
    const pixelHeight = Math.round(height * ratio);
    if (width === lastWidth && canvas.width === pixelWidth && canvas.height === pixelHeight) return;
    lastWidth = width;
    const strokes = pad.toData();
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
    canvas.getContext('2d')?.scale(ratio, ratio);
    // Points are kept in CSS pixels: redrawn at the new scale, the signature is unchanged.
    pad.clear();
    if (strokes.length) pad.fromData(strokes);
  }

  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fit()) : null;
  observer?.observe(canvas);
  const onResize = () => fit();
  window.addEventListener('resize', onResize);

  function setMode(next: 'drawn' | 'typed'): void {
    mode = next;
    drawPart.hidden = next === 'typed';
    typedPart.hidden = next === 'drawn';
    if (next === 'typed') {
      if (!typedInput.value.trim()) typedInput.value = signerName().trim();
      typedPreview.textContent = typedInput.value;
      typedInput.focus();
    } else {
      fit();
      toTyped.focus();
    }
    onChange();
  }
  toTyped.addEventListener('click', () => setMode('typed'));
  toDrawn.addEventListener('click', () => setMode('drawn'));

  return {
    element,
    value() {
      if (mode === 'typed') {
        const typed = typedInput.value.trim();
        return typed ? { signature: { typed } } : { problem: TYPED_MISSING };
      }
      if (pad.isEmpty()) return { problem: SIGNATURE_MISSING };
      const png = exportPng(pad, canvas);
      return png ? { signature: png } : { problem: SIGNATURE_TOO_LARGE };
    },
    missing() {
      if (mode === 'typed') return typedInput.value.trim() ? null : TYPED_MISSING;
      return pad.isEmpty() ? SIGNATURE_MISSING : null;
    },
    setError(message) {
      error.textContent = message;
      typedInput.setAttribute('aria-invalid', String(Boolean(message) && mode === 'typed'));
      element.classList.toggle('invalid', Boolean(message));
    },
    focus() {
      (mode === 'typed' ? typedInput : toTyped).focus();
    },
    fit,
    destroy() {
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
      pad.off();
    },
  };
}
