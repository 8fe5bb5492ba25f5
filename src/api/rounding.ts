/**
 * The one rounding of money by a percentage, as the service bills. A part of an amount, such as a prepaid discount or a
 * tax, is rounded once, half up, to the currency's minor unit. The widget's estimate and the sandbox's repricing both
 * use it, so that the estimate that a customer reads and the bill agree to the cent.
 */

/**
 * `percent` per cent of `minorUnits`, rounded half up to a whole minor unit. `minorUnits` are whole minor units of the
 * currency, such as cents or yen. For example, 8 % of 8,550 cents is 684. `percent` counts to the hundredth, as in 12.5
 * or 7.25. The sum is made in whole numbers, so that no binary fraction tips a half cent either way.
 */
export const percentOfMinorUnits = (minorUnits: number, percent: number): number =>
  Math.floor((minorUnits * Math.round(percent * 100) + 5_000) / 10_000);

/**
 * `minorUnits` less `percent` per cent. The discounted amount is rounded once, half up: 3,750 cents less 5 % is
 * 3,562.5, so 3,563. The saving is what is left, and it is never rounded on its own.
 */
export const discountedMinorUnits = (minorUnits: number, percent: number): number => percentOfMinorUnits(minorUnits, 100 - percent);
