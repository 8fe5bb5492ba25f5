/**
 * What every template reads: the texts and the locale. Also the two pieces that every form builds its sentences with:
 * the next order's date, and an amount in the subscription's currency.
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
  /**
   * The shown subscription's next order. It is `undefined` while it is read, and `null` when there is none or it cannot
   * be read.
   */
  nextOrder?: NextOrder | null | undefined;
}

/**
 * A day in the month with the longest name. A date that is not known yet is drawn as this day, so that it takes the
 * room that the real date will take.
 */
const STAND_IN_DAY = '2000-09-28';

/**
 * A text with the next order's date in it, with its year unless told otherwise, or `undated` when there is no next
 * order. While the order is read, the text holds a hidden stand-in date, so that the real date arrives without moving
 * anything.
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

/** An amount in the subscription's currency, as the page's language writes it. An `undefined` amount stays unknown. */
export const money = ({ locale }: View, amount: number | undefined, subscription: Subscription) =>
  amount === undefined ? undefined : formatMoney(amount, subscription.currency_code, locale);
