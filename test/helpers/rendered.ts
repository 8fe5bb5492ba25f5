/** Renders a template on its own, as the element would in its shadow root, and reads its text as a person would. */
import { render, type TemplateResult } from 'lit';
import { en } from '../../src/i18n/en.js';
import type { ElementStrings } from '../../src/i18n/strings.js';
import type { View } from '../../src/i18n/view.js';

/** Renders `template` into a container of its own, outside the document. */
export function rendered(template: unknown): HTMLElement {
  const container = document.createElement('div');
  render(template as TemplateResult, container);
  return container;
}

/** `text` with its white space collapsed, no-break spaces included, as it reads. */
export const asRead = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The text of `element`, as it reads. */
export function textOf(element: Element | null | undefined): string | undefined {
  const text = element?.textContent;
  return typeof text === 'string' ? asRead(text) : undefined;
}

/** What every template reads, in English for the United States, with the next order as `nextOrder` says. */
export const englishView = (nextOrder?: View['nextOrder']): View => ({ t: en as ElementStrings, locale: 'en-US', nextOrder });
