/**
 * The discovery chunk: what only a widget without `subscription-id` needs (docs/discovery.md). The element loads it
 * through `loader.ts`. The script bundles find it as `dist/discovery.js`, next to themselves, and a bundler makes it a
 * chunk of its own.
 */
import type { ApiClient } from '../api/client.js';
import { findSubscriptions, type ListOptions } from './listing.js';
import { sortFound, type Discovered } from './candidates.js';

export { Picker, type Lit, type PickerHost } from './picker.js';
export type { Discovered };

/** The signed-in customer's subscriptions, sorted into what the picker offers. */
export async function discover(client: ApiClient, options: ListOptions): Promise<Discovered> {
  return sortFound(await findSubscriptions(client, options));
}
