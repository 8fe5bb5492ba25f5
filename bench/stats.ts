/** The median of `values` (the mean of the middle two for an even count); never the best run. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The median absolute deviation of `values`: how far a typical value lies from their median. Unlike the range or the
 * standard deviation, one wild value (a visit that met a busy moment of the machine) barely moves it.
 */
export const medianAbsoluteDeviation = (values: readonly number[]): number => {
  const middle = median(values);
  return median(values.map((value) => Math.abs(value - middle)));
};
