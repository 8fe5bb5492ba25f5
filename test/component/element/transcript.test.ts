/**
 * What a screen reader hears, state by state, in English and in Arabic: each radio and button with its name and its
 * description, what the status region and any alert say, and where focus lands. Each state is reached as a customer
 * reaches it, against the sandbox. The transcript is read twice where the engine allows: from the relations every
 * engine builds its tree from (labels, the order of `aria-describedby`, live regions), and in Chromium from the
 * accessibility tree itself. Both must give the expected sentences of test/fixtures/transcripts.ts, the ones
 * docs/accessibility.md shows.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { a11ySnapshot } from '@web/test-runner-commands';
import { SANDBOX_DISCOVERY, SANDBOX_SUBSCRIPTIONS } from '../../../src/sandbox/index.js';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { CONFIRM_WAITS_MS } from '../../../src/api/writes.js';
import { TRANSCRIPTS, TRANSCRIPT_LANGUAGES, withDates, type TranscriptLanguage, type TranscriptState } from '../../fixtures/transcripts.js';
import { withClock, until } from '../../helpers/controlled-clock.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';
import { fold, heardFromRelations, heardFromTree, type TreeNode } from '../../helpers/transcript.js';

const { eligible, prepaid, cancelled } = SANDBOX_SUBSCRIPTIONS;
const DISCOUNTS = '3:5,6:10,12:15';
const isChromium = navigator.userAgent.includes('Chrome/');

type Reached = Mounted & { session: SandboxSession };

/** A widget of `subscription` (or, without one, of the customer's), in `lang`, with the store's discounts. */
async function widget(
  lang: string,
  subscription: { id: string; customerId: string } | { customerId: string },
  ready: boolean,
  prepare: (session: SandboxSession) => Promise<void> = async () => {},
): Promise<Reached> {
  const session = await sandboxSession({ customerId: subscription.customerId });
  await prepare(session);
  const m = await mount({
    'subscription-id': 'id' in subscription ? subscription.id : undefined,
    'api-base': session.apiBase,
    token: session.token,
    'prepaid-discounts': DISCOUNTS,
    lang,
  });
  if (ready) {
    await m.waitForEvent('prepaid-upgrade-ready');
    // The next order's date fills the form in: the transcript is of the settled form.
    if ('id' in subscription) await waitUntil(() => m.el.nextOrder !== undefined, 'the next order');
    await m.el.updateComplete;
  }
  return { ...m, session };
}

const submit = (m: Mounted) => m.$<HTMLButtonElement>('[part~=submit]')!.click();

/** A ready form whose upgrade the customer sent, with `faults` queued at the sandbox first; rendered as sent. */
async function upgradeSent(lang: string, faults: Parameters<SandboxSession['faults']>[0]): Promise<Reached> {
  const m = await widget(lang, eligible, true);
  await m.session.faults(faults);
  submit(m);
  await until(() => m.el.state === 'submitting', 'the upgrade is sent');
  await m.el.updateComplete;
  return m;
}

/** How each state is reached, as a customer reaches it. */
const REACH: Record<TranscriptState, (lang: string) => Promise<Reached>> = {
  loading: (lang) =>
    widget(lang, eligible, false, (session) =>
      session.fault({ method: 'GET', path: `/subscriptions/${eligible.id}/`, latencyMs: 4000 }),
    ).then(
      // The placeholder, once the language's texts are in.
      async (m) => (await until(() => m.$('[part~=base]')?.getAttribute('lang') === lang, 'the language'), m),
    ),
  ready: (lang) => widget(lang, eligible, true),
  submitting: (lang) => upgradeSent(lang, [{ method: 'PATCH', latencyMs: 4000 }]),
  checking: async (lang) => {
    const m = await upgradeSent(lang, [
      { method: 'PATCH', status: 503, apply: true },
      { method: 'GET', path: `/subscriptions/${eligible.id}/`, latencyMs: 4000 },
    ]);
    // The status says the upgrade is sent, then, once its answer got lost, that reads check whether it was made.
    const status = () => m.$('[part~=status]')!.textContent!.trim();
    const sending = status();
    await until(() => m.el.state === 'submitting' && status() !== sending, 'it checks whether the upgrade was made');
    await m.el.updateComplete;
    return m;
  },
  unknown: async (lang) => {
    const m = await widget(lang, eligible, true);
    await m.session.faults([
      { method: 'PATCH', status: 503, apply: true },
      { method: 'GET', path: `/subscriptions/${eligible.id}/`, status: 500, count: CONFIRM_WAITS_MS.length + 1 },
    ]);
    await withClock({ auto: true }, async () => {
      submit(m);
      await until(() => m.el.state === 'error', `never concluded (state ${m.el.state})`);
    });
    await m.el.updateComplete;
    return m;
  },
  success: async (lang) => {
    const m = await widget(lang, eligible, true);
    submit(m);
    await m.waitForEvent('prepaid-upgrade-success');
    // The next order is read again, as the service reprices it: the message then says the service's figure.
    await waitUntil(() => m.el.nextOrder?.total === '35.63', 'the next order read again');
    await m.el.updateComplete;
    return m;
  },
  prepaid: (lang) => widget(lang, prepaid, true),
  changed: async (lang) => {
    const m = await widget(lang, prepaid, true);
    m.$<HTMLInputElement>('[part~=manage] input[value=downgrade]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-renewal-change');
    await m.el.updateComplete;
    return m;
  },
  error: async (lang) => {
    const m = await widget(lang, eligible, false, (session) =>
      session.fault({ method: 'GET', path: `/subscriptions/${eligible.id}/`, status: 404 }),
    );
    await m.waitForState('error');
    return m;
  },
  ineligible: (lang) => widget(lang, cancelled, true),
  picker: (lang) => widget(lang, { customerId: SANDBOX_DISCOVERY.customerId }, true),
};

/** The next order's dates as the widget writes them in `lang`, for the transcripts' `{date}` and `{fullDate}`. */
function datesOf(m: Mounted, lang: string): { date: string; fullDate: string } {
  const place = m.el.nextOrder?.place;
  // As heard: the marks that order bidirectional text left out, digits Latin.
  return { date: fold(formatServiceDate(place, lang, false) ?? ''), fullDate: fold(formatServiceDate(place, lang) ?? '') };
}

describe('what a screen reader hears', () => {
  afterEach(() => document.querySelectorAll('prepaid-upgrade').forEach((element) => element.remove()));

  /** Checks that what is heard of `m` in `lang` is the transcript of `state`. */
  async function expectHeard(m: Mounted, lang: TranscriptLanguage, state: TranscriptState): Promise<void> {
    const expected = withDates(TRANSCRIPTS[lang][state], datesOf(m, lang));
    const heard = heardFromRelations(m.shadow);
    // A transcript to review when a sentence changes on purpose.
    if (JSON.stringify(heard) !== JSON.stringify(expected)) console.log(`${lang} ${state}\n${JSON.stringify(heard, null, 2)}`);
    expect(heard, `${lang}, from the relations`).to.deep.equal(expected);
    if (isChromium) {
      // The whole page's tree, of which the widget is all: a snapshot rooted at the host, which the tree leaves out as
      // a mere container, would give only its first part.
      const tree = (await a11ySnapshot({})) as unknown as TreeNode;
      expect(heardFromTree(tree), `${lang}, from Chromium’s accessibility tree`).to.deep.equal(
        expected.filter((line) => !line.startsWith('product ')),
      );
    }
  }

  for (const state of Object.keys(REACH) as TranscriptState[]) {
    // Reached in the first language, then heard again in each other one as the page switches its `lang`.
    it(`${state}, in ${TRANSCRIPT_LANGUAGES.join(' then ')}`, async () => {
      const [first, ...others] = TRANSCRIPT_LANGUAGES;
      const m = await REACH[state](first);
      await expectHeard(m, first, state);
      for (const lang of others) {
        m.el.setAttribute('lang', lang);
        await until(() => m.$('[part~=base]')?.getAttribute('lang') === lang, `the ${lang} texts`);
        await m.el.updateComplete;
        await expectHeard(m, lang, state);
      }
    });
  }
});
