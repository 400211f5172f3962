/**
 * A tiny element builder for the client's page. Text always goes in as text nodes
 * (textContent): nothing the server or the client typed is ever parsed as HTML here. The one
 * exception, the server-sanitised rich text of notes and terms, is in richText() below.
 */
export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  id?: string;
  /** Attributes, set with setAttribute (false/null/undefined leave them out, true sets ""). */
  attrs?: Record<string, string | number | boolean | null | undefined>;
  /** Event listeners. */
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.id) element.id = props.id;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) element.addEventListener(type, listener as EventListener);
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces everything inside `parent`. */
export function replaceChildren(parent: Element, ...children: (Child | Child[])[]): void {
  parent.textContent = '';
  append(parent, ...children);
}

/**
 * Rich text of a work area's notes or a term. Inserted as HTML ONLY because the server
 * sanitises it with one allow-list on every write (server/richText.ts: paragraphs, line breaks,
 * bold, italic, underline, lists, alignment and indentation; no scripts, links, images or event
 * attributes) and the proposal's snapshot holds that sanitised text. Never use innerHTML for
 * anything else on this page.
 */
export function richText(html: string | null, className: string): HTMLElement | null {
  if (!html || !html.trim()) return null;
  const block = h('div', { class: className });
  block.innerHTML = html;
  return block;
}

/** An id unique on the page, for label/aria wiring. */
let lastId = 0;
export function uniqueId(prefix: string): string {
  lastId += 1;
  return `${prefix}-${lastId}`;
}
