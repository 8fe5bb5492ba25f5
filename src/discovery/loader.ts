/**
 * How the element gets the discovery chunk (`index.ts` beside this file), which only a widget without
 * `subscription-id` needs: every other page never fetches it. Each entry point says how, before it registers the
 * element: the package's `index.ts` with a dynamic import that the app's bundler makes a chunk, `script.ts` from
 * `dist/discovery.js` next to the script bundle.
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
 * Finds the customer's subscriptions through the chunk: the picker over them. `chosenId`: the one chosen before (a
 * reload), shown again if it is still offered.
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
