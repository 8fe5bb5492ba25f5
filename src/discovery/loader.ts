/**
 * How the element gets the discovery chunk (`index.ts` beside this file). Only a widget without `subscription-id` needs
 * it, so every other page never fetches it. Each entry point says how, before it registers the element. The package's
 * `index.ts` uses a dynamic import, which the app's bundler makes a chunk. `script.ts` loads `dist/discovery.js` from
 * next to the script bundle.
 */
import type { ApiClient } from '../api/client.js';
import type { ListOptions } from './listing.js';
import type { PickerHost } from './index.js';

export type DiscoveryModule = typeof import('./index.js');
export type Picker = InstanceType<DiscoveryModule['Picker']>;
export type { PickerHost };
export type DiscoveryLoader = () => Promise<DiscoveryModule>;

let loader: DiscoveryLoader;

export function useDiscoveryLoader(load: DiscoveryLoader): void {
  loader = load;
}

/**
 * Finds the customer's subscriptions through the chunk, and returns the picker over them. `chosenId` is the
 * subscription chosen before a reload, which is shown again if it is still offered.
 */
export async function discoverSubscriptions(
  client: ApiClient,
  options: ListOptions,
  host: PickerHost,
  chosenId: string | undefined,
): Promise<Picker> {
  const { discover, Picker } = await loader();
  return new Picker(host, await discover(client, options), chosenId);
}
