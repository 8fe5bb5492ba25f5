/**
 * What every template reads, the texts and the locale, and the two pieces every form builds its sentences with: the
 * next order's date and an amount in the subscription's currency.
 */
import { html, type TemplateResult } from 'lit';
import type { NextOrder } from '../api/orders.js';
import type { Subscription } from '../api/schemas.js';
import { formatServiceDate } from './dates.js';
import { formatMoney } from './money.js';
import type { ElementStrings } from './strings.js';

/** What every template reads: the texts (with the page's overrides) and the locale of numbers, money and dates. */
export interface View {
  t: ElementStrings;
  locale: string;
  /** The shown subscription's next order: `undefined` while it is read, `null` when it has none or it cannot be read. */
  nextOrder?: NextOrder | null | undefined;
}

/** A day of a month's longest name, for a date not known yet to take the room the real one will take. */
const STAND_IN_DAY = '2000-09-28';

/**
 * A text with the next order's date in it (with its year unless told otherwise), or `undated` when there is none.
 * While the order is read, the text holds a stand-in date, hidden, so that the date arrives without moving anything.
 */
export function dated<T>(
  { nextOrder, locale }: View,
  text: (date: string) => string,
  undated: T,
  year = true,
): T | string | TemplateResult {
  if (nextOrder === null) return undated;
  const date = formatServiceDate(nextOrder?.place ?? STAND_IN_DAY, locale, year)!;
  if (nextOrder) return text(date);
  const [before, ...after] = text('\n').split('\n');
  return html`${before}<span class="pending">${date}</span>${after.join(date)}`;
}

/** An amount in the subscription's currency, as the page's language writes it; `undefined` stays unknown. */
export const money = ({ locale }: View, amount: number | undefined, subscription: Subscription) =>
  amount === undefined ? undefined : formatMoney(amount, subscription.currency_code, locale);
