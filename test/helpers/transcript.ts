/**
 * What a screen reader hears of a widget, as lines a person can read: each radio and button with its name and its
 * description, the status region and any alert, and what focus lands on. Two readers give the same lines:
 *
 * - `heardFromRelations` reads what every engine builds its accessibility tree from: names and descriptions by the
 *   accessible name computation (dom-accessibility-api, as Testing Library computes them), live regions, and what
 *   `aria-hidden` or `visibility: hidden` leaves out.
 * - `heardFromTree` reads Chromium's accessibility tree itself, as a snapshot of it gives it.
 *
 * A line is `role "name"`, then ` — "description"` when there is one; `product "…"` is the product as it is read,
 * `status "…"`, `alert "…"` and `focus "…"` say what those speak. White space is folded as a screen reader does, no-break
 * spaces included, and the marks that only order bidirectional text are left out. The tree's snapshot names no
 * product, so `heardFromTree` gives every line but that one.
 */

import { computeAccessibleDescription, computeAccessibleName } from 'dom-accessibility-api';
import { asRead } from './rendered.js';

/** One node of a snapshot of Chromium's accessibility tree, as `a11ySnapshot` gives it. */
export interface TreeNode {
  role: string;
  name?: string;
  description?: string;
  focused?: boolean;
  children?: TreeNode[];
}

/**
 * Numbers in Latin digits, as Chromium and Firefox write Arabic's. WebKit's ICU writes them in Arabic-Indic digits
 * ("١٢٫٥٠", "٥٪"): the same numbers, heard the same.
 */
export const latinDigits = (text: string): string =>
  text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/\u066a/g, '%');

/** Text as it is heard: white space folded, the marks that only order bidirectional text left out, digits Latin. */
export const fold = (text: string): string => asRead(latinDigits(text).replace(/[\u061c\u200e\u200f\u2066-\u2069]/g, ''));

/** Whether `node` is left out of what is heard: under `aria-hidden`, hidden from view, or not rendered. */
function unheard(node: Node, root: Node): boolean {
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) {
    if (!(at instanceof Element)) continue;
    if (at.getAttribute('aria-hidden') === 'true') return true;
    const style = getComputedStyle(at);
    if (style.display === 'none' || style.visibility === 'hidden') return true;
  }
  return false;
}

/** The block that `node` is a line of: its nearest ancestor that is not laid out inline. */
function blockOf(node: Node, root: Element): Element {
  for (let at = node.parentElement; at && at !== root; at = at.parentElement) {
    if (!getComputedStyle(at).display.startsWith('inline')) return at;
  }
  return root;
}

/**
 * The text of `element` as it is heard: what `aria-hidden` or hidden styles leave out is not, and each block (a
 * heading, a paragraph) is a line of its own, which a screen reader pauses after: ` / ` marks where.
 */
export function spoken(element: Element | null | undefined): string {
  if (!element) return '';
  const lines: string[] = [];
  let block: Element | undefined;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (unheard(node, element) || !fold(node.textContent ?? '')) continue;
    const at = blockOf(node, element);
    if (at !== block) lines.push('');
    block = at;
    lines[lines.length - 1] += node.textContent ?? '';
  }
  return lines.map(fold).filter(Boolean).join(' / ');
}

const line = (role: string, name: string, description = ''): string => `${role} "${name}"${description ? ` — "${description}"` : ''}`;

/** What is heard of the widget whose shadow root is `root`, from the relations its tree is built from. */
export function heardFromRelations(root: ShadowRoot): string[] {
  const lines: string[] = [];
  const product = spoken(root.querySelector('[part~="product"]'));
  if (product) lines.push(`product "${product}"`);
  // Names and descriptions as the accessible name computation gives them: labels, `aria-label`, the ids of
  // `aria-describedby` in their order, and a description heard even where it is hidden from view.
  const nameOf = (control: HTMLElement) => fold(computeAccessibleName(control));
  const roleOf = (control: Element) => (control instanceof HTMLInputElement ? 'radio' : 'button');
  for (const control of root.querySelectorAll<HTMLElement>('input[type="radio"], button')) {
    if (unheard(control, root)) continue;
    const name = nameOf(control);
    const description = fold(computeAccessibleDescription(control));
    lines.push(line(roleOf(control), name, description));
  }
  for (const alert of root.querySelectorAll('[role="alert"]')) lines.push(`alert "${spoken(alert)}"`);
  const status = spoken(root.querySelector('[role="status"]'));
  if (status) lines.push(`status "${status}"`);
  const focused = root.activeElement as HTMLElement | null;
  if (focused?.matches('input, button')) lines.push(`focus ${roleOf(focused)} "${nameOf(focused)}"`);
  else if (focused) lines.push(`focus "${spoken(focused)}"`);
  return lines;
}

/** Every node of `node`'s tree, depth first, in document order. */
function* nodesOf(node: TreeNode): Generator<TreeNode> {
  yield node;
  for (const child of node.children ?? []) yield* nodesOf(child);
}

/**
 * The text under `node`, as its leaves name it: each line of text, heading or button under it, with ` / ` between, as
 * `spoken` marks the lines it reads. The tree keeps no node for a paragraph, only its text.
 */
const textOf = (node: TreeNode): string =>
  [...nodesOf(node)]
    .filter((leaf) => leaf !== node && !leaf.children?.length && fold(leaf.name ?? ''))
    .map((leaf) => fold(leaf.name ?? ''))
    .join(' / ');

/** What is heard of the widget, from a snapshot of Chromium's accessibility tree rooted at it. */
export function heardFromTree(root: TreeNode): string[] {
  const nodes = [...nodesOf(root)];
  const lines = nodes
    .filter((node) => node.role === 'radio' || node.role === 'button')
    .map((node) => line(node.role, fold(node.name ?? ''), fold(node.description ?? '')));
  for (const alert of nodes.filter((node) => node.role === 'alert')) lines.push(`alert "${textOf(alert)}"`);
  const status = nodes.find((node) => node.role === 'status');
  if (status && textOf(status)) lines.push(`status "${textOf(status)}"`);
  const focused = nodes.find((node) => node.focused && node !== root);
  if (focused?.role === 'radio' || focused?.role === 'button') lines.push(`focus ${focused.role} "${fold(focused.name ?? '')}"`);
  else if (focused) lines.push(`focus "${textOf(focused)}"`);
  return lines;
}
