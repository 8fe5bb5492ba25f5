/** The oldest supported version of each browser, by compat-data browser id: `{ chrome: '109', safari_ios: '16.4', … }`. */
export type Minimums = Record<string, string>;
export function compareVersions(a: string, b: string): number;
export function minimumVersions(path?: string): Minimums;
export function browsersLacking(support: Partial<Record<string, string>>, minimums?: Minimums): string[];
export function featuresOfEveryTarget(
  features: Record<string, { status?: { support?: Record<string, string> } }>,
  minimums?: Minimums,
): string[];
