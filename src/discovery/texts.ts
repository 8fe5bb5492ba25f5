/**
 * The picker's English texts, which are part of the discovery chunk. Only a widget without `subscription-id` shows them
 * (see `PickerStrings`). Every other language has them among its own texts.
 */
import type { View } from '../i18n/view.js';
import type { PickerStrings, Strings } from '../i18n/strings.js';

/**
 * English's two plural forms: `one` for 1, and `other` for any other count, with the count written as English writes
 * it. This is not the languages' shared `plural`, because importing that would make this chunk fetch the languages'
 * shared file before the picker shows.
 */
const plural = (_locale: 'en', count: number, { one, other }: { one: string; other: string }) =>
  (count === 1 ? one : other).replace('#', count.toLocaleString('en'));

export const pickerEn: PickerStrings = {
  pickerLegend: 'Which subscription?',
  shipsEvery: (count, unit, price) => {
    const every = plural('en', count, {
      one: { day: 'Every day', week: 'Every week', month: 'Every month' }[unit],
      other: `Every # ${unit}s`,
    });
    return price ? `${every}, ${price} per order` : every;
  },
  pickerPrepaid: 'Already prepaid',
  uncheckedSubscriptions: (count) =>
    plural('en', count, {
      one: '# other subscription could not be checked right now. Reload the page to try again.',
      other: '# other subscriptions could not be checked right now. Reload the page to try again.',
    }),
  pickerContinue: 'Continue',
  pickerBack: 'Choose another subscription',
};

/**
 * The view with every text that the picker shows: the element's texts, with the page's overrides, or else the English
 * ones.
 */
export const withPickerTexts = (view: View): View & { t: Strings } => ({ ...view, t: { ...pickerEn, ...view.t } });
