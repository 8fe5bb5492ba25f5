/**
 * Mounts `<prepaid-upgrade>` for one seeded subscription, in a sandbox instance of its own signed for the
 * subscription's customer; `prepare` sets the instance up (faults, the listing's shape) before the widget reads it.
 */
import { mount, type Mounted } from './mount.js';
import { sandboxSession, type SandboxSession } from './sandbox-session.js';

export async function mountSubscription(
  subscription: { id: string; customerId: string },
  prepare: (session: SandboxSession) => Promise<void> = async () => {},
  attributes: Record<string, string> = {},
): Promise<Mounted & { session: SandboxSession }> {
  const session = await sandboxSession({ customerId: subscription.customerId });
  await prepare(session);
  const m = await mount({ 'subscription-id': subscription.id, 'api-base': session.apiBase, token: session.token, ...attributes });
  return { ...m, session };
}
