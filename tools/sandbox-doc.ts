/**
 * `npm run docs:sandbox`: the tables of docs/sandbox.md that give the sandbox's merchants and customers, written from
 * the seed itself, between the two markers below. test/node/sandbox-doc.test.ts fails when the seed and the page
 * differ, so that a merchant who reads the page finds the ids, keys and cases the sandbox really has.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { isLive, isPrepaid, type SandboxData, type Subscription } from '../src/sandbox/model.js';
import { SANDBOX_MERCHANT, SANDBOX_MERCHANT_PREPAID_DISABLED, seedData } from '../src/sandbox/seed.js';

export const SANDBOX_DOC = fileURLToPath(new URL('../docs/sandbox.md', import.meta.url));
export const START = '<!-- The tables up to the end marker are written by `npm run docs:sandbox` from the seed: edit them there. -->';
export const END = '<!-- End of the tables written by `npm run docs:sandbox`. -->';

/**
 * What each customer is for, in a sentence; the seed gives the rest. A customer added to the seed needs a line here,
 * or the tables cannot be written.
 */
const SHOWS: Record<string, string> = {
  cus_ada:
    "The demo's default: an account page with every case, the form in USD, a prepaid subscription with its renewal form, a cancelled one, and one whose product cannot be prepaid.",
  cus_grace: 'The form in euros; without `subscription-id`, the form at once, since she has one subscription.',
  cus_kenji: 'The form in yen, a currency without a minor unit.',
  cus_margaret: 'A listing of several pages, for paging.',
  cus_alan: 'Orders with tax and shipping: after an upgrade, the amount billed names them ([Tax and shipping](#tax-and-shipping)).',
  cus_katherine: 'No subscriptions: without `subscription-id`, "You have no active subscriptions with this store."',
  cus_rosalind: 'A merchant with prepaid disabled: every upgrade is refused with a 400 whose `detail` says so.',
  cus_hedy: 'Finding subscriptions without an id: the picker, with those that can be prepaid on different pages of her listing.',
};

type Kind = 'can be prepaid' | 'prepaid' | 'cancelled' | 'product cannot be prepaid';

function kindOf(data: SandboxData, subscription: Subscription): Kind {
  if (isPrepaid(subscription)) return 'prepaid';
  if (!isLive(subscription)) return 'cancelled';
  return data.products.get(subscription.product)!.prepaid_eligible ? 'can be prepaid' : 'product cannot be prepaid';
}

/** A few subscriptions one by one; a long list by kind, naming those that can be prepaid or are prepaid. */
function subscriptionsCell(data: SandboxData, subscriptions: Subscription[]): string {
  if (subscriptions.length === 0) return 'none';
  const one = (subscription: Subscription) =>
    `\`${subscription.public_id}\`: ${data.products.get(subscription.product)!.name}, ${subscription.currency_code}, ${kindOf(data, subscription)}`;
  if (subscriptions.length <= 4) return subscriptions.map(one).join('<br>');
  const byKind = new Map<Kind, Subscription[]>();
  for (const subscription of subscriptions)
    byKind.set(kindOf(data, subscription), [...(byKind.get(kindOf(data, subscription)) ?? []), subscription]);
  const parts = [...byKind].map(([kind, members]) => {
    const named = kind === 'can be prepaid' || kind === 'prepaid' ? members : [];
    const ids = named.length > 0 && named.length <= 3 ? ` (${named.map((member) => `\`${member.public_id}\``).join(', ')})` : '';
    return `${members.length} ${kind}${ids}`;
  });
  return `${subscriptions.length}, in ${subscriptions[0]!.currency_code}: ${parts.join('; ')}`;
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** The Markdown between the markers. */
export function sandboxTables(): string {
  const data = seedData(Date.UTC(2026, 0, 1));
  const merchants = [SANDBOX_MERCHANT, SANDBOX_MERCHANT_PREPAID_DISABLED].map((keys) => {
    const merchant = data.merchants.get(keys.publicId)!;
    return row([
      merchant.name,
      `\`${keys.publicId}\``,
      `\`${keys.hashKey}\``,
      `\`${keys.apiKeys.production}\``,
      `\`${keys.apiKeys.staging}\``,
      merchant.prepaidEnabled ? 'enabled' : 'disabled',
    ]);
  });
  const customers = data.customers.map((customer) => {
    const shows = SHOWS[customer.customer_id];
    if (!shows) throw new Error(`tools/sandbox-doc.ts: say in SHOWS what ${customer.customer_id} shows`);
    const subscriptions = [...data.subscriptions.values()].filter((subscription) => subscription.customer === customer.customer_id);
    return row([
      `${customer.first_name} ${customer.last_name}<br>\`${customer.customer_id}\``,
      `\`${customer.merchant}\``,
      subscriptionsCell(data, subscriptions),
      shows,
    ]);
  });
  return [
    START,
    '',
    '### Merchants',
    '',
    row(['merchant', 'public id', 'hash key', 'API key (production)', 'API key (staging)', 'prepaid']),
    row(Array(6).fill('---')),
    ...merchants,
    '',
    '### Customers',
    '',
    row(['customer', 'merchant', 'subscriptions', 'what it shows']),
    row(Array(4).fill('---')),
    ...customers,
    '',
    END,
  ].join('\n');
}

/** docs/sandbox.md with its tables written anew from the seed, laid out as `npm run lint` (Prettier) wants them. */
export async function withTables(): Promise<{ current: string; written: string }> {
  const current = await readFile(SANDBOX_DOC, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/sandbox.md lacks the markers:\n${START}\n${END}`);
  const written = current.slice(0, start) + sandboxTables() + current.slice(end + END.length);
  return { current, written: await format(written, { ...(await resolveConfig(SANDBOX_DOC)), filepath: SANDBOX_DOC }) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { current, written } = await withTables();
  if (written !== current) await writeFile(SANDBOX_DOC, written);
  console.log(written === current ? 'docs/sandbox.md: the tables were up to date' : 'docs/sandbox.md: tables written from the seed');
}
