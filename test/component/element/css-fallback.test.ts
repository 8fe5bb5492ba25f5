/**
 * What a customer sees in an engine without `light-dark()` (Chrome and Edge 109–122, Firefox 115–119, Safari
 * 16.4–17.4): the light palette, opaque and readable, whatever the page's color-scheme; and in one without
 * `contrast-color()` (before Chrome and Edge 147, Firefox 146 and Safari 26): the background colour on the accent, where
 * an engine with it picks black or white. Such an engine
 * is simulated faithfully in every engine that runs this file: the element's stylesheet is replaced by a copy from
 * which every `@supports` rule whose condition tests the function is removed, which is exactly what such an engine
 * skips (and any other use of the function is made invalid the way such an engine would: a declaration of a property
 * is dropped, and in a custom property it becomes an unknown function, invalid where it is used). The simulation
 * cannot keep the first of two declarations of one property (the CSSOM keeps only the last), so it is never more
 * lenient than a real engine. Without the simulation, an engine with light-dark() still follows a dark color-scheme.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { channels, contrast } from '../../helpers/colours.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const engineHasLightDark = CSS.supports('color', 'light-dark(#000, #fff)');
const engineHasContrastColor = CSS.supports('color', 'contrast-color(red)');

const LIGHT = {
  background: 'rgb(255, 255, 255)',
  /** The text on the accent: white, which contrast-color() picks on it too. */
  onAccent: 'rgb(255, 255, 255)',
  text: 'rgb(31, 41, 55)',
  accent: 'rgb(29, 78, 216)',
  border: 'rgb(107, 114, 128)',
  error: 'rgb(185, 28, 28)',
};
const DARK = {
  background: 'rgb(17, 24, 39)',
  /** Black, which contrast-color() picks on the light accent; without it, the background colour. */
  onAccent: engineHasContrastColor ? 'rgb(0, 0, 0)' : 'rgb(17, 24, 39)',
  text: 'rgb(229, 231, 235)',
  accent: 'rgb(147, 197, 253)',
  border: 'rgb(156, 163, 175)',
  error: 'rgb(252, 165, 165)',
};

type CssFunction = 'light-dark' | 'contrast-color';

/** Removes from a list of rules what an engine without the CSS function `fn` ignores. */
function dropFunction(owner: CSSStyleSheet | CSSGroupingRule, fn: CssFunction): void {
  const use = new RegExp(`${fn}\\(`, 'i');
  for (let index = owner.cssRules.length - 1; index >= 0; index--) {
    const rule = owner.cssRules[index]!;
    if (rule instanceof CSSSupportsRule && use.test(rule.conditionText)) {
      owner.deleteRule(index);
      continue;
    }
    if (rule instanceof CSSStyleRule || rule instanceof CSSKeyframeRule) {
      const style = rule.style;
      for (const name of [...style].filter((name) => use.test(style.getPropertyValue(name)))) {
        // A custom property takes any value; the function is then an unknown one, invalid at computed-value time where
        // it is used (and only if a var() fallback of it is taken). Any other property's declaration is dropped at
        // parse time.
        if (name.startsWith('--')) style.setProperty(name, style.getPropertyValue(name).replace(new RegExp(use, 'gi'), `unknown-${fn}(`));
        else style.removeProperty(name);
      }
    }
    if (rule instanceof CSSGroupingRule) dropFunction(rule, fn);
  }
}

/** Gives the element its stylesheet as an engine without the CSS function `fn` applies it; returns what is left of it. */
function simulateEngineWithout(m: Mounted, fn: CssFunction): string {
  const sheets = m.shadow.adoptedStyleSheets;
  expect(sheets, 'the element adopts one stylesheet').to.have.length(1);
  const original = [...sheets[0]!.cssRules].map((rule) => rule.cssText).join('\n');
  expect(original, `the stylesheet uses ${fn}()`).to.include(`${fn}(`);
  const copy = new CSSStyleSheet();
  copy.replaceSync(original);
  dropFunction(copy, fn);
  m.shadow.adoptedStyleSheets = [copy];
  const left = [...copy.cssRules].map((rule) => rule.cssText).join('\n');
  expect(left).not.to.match(new RegExp(`(?<!unknown-)${fn}`, 'i'));
  return left;
}

/** The colours a customer sees: the card, its text, the confirm button (accent), the card's border. */
function seen(m: Mounted) {
  const base = getComputedStyle(m.$('[part~=base]')!);
  const submit = getComputedStyle(m.$('[part~=submit]')!);
  return {
    background: base.backgroundColor,
    text: base.color,
    accent: submit.backgroundColor,
    buttonText: submit.color,
    border: base.borderTopColor,
  };
}

function expectPalette(m: Mounted, palette: typeof LIGHT, onAccent = palette.onAccent) {
  const colors = seen(m);
  expect(channels(colors.background)[3], 'the card is opaque').to.equal(1);
  expect(colors).to.deep.equal({
    background: palette.background,
    text: palette.text,
    accent: palette.accent,
    buttonText: onAccent,
    border: palette.border,
  });
  expect(contrast(colors.text, colors.background), 'text on the card').to.be.at.least(4.5);
  expect(contrast(colors.accent, colors.background), 'accent on the card').to.be.at.least(4.5);
  expect(contrast(colors.buttonText, colors.accent), 'the confirm button').to.be.at.least(4.5);
  expect(contrast(colors.border, colors.background), 'the card border').to.be.at.least(3);
}

async function mountReady(scheme: 'light' | 'dark', style?: string) {
  const session = await sandboxSession();
  const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, style });
  m.el.parentElement!.style.colorScheme = scheme;
  await m.waitForState('ready');
  return { m, session };
}

async function expectErrorColors(m: Mounted, session: Awaited<ReturnType<typeof sandboxSession>>, palette: typeof LIGHT) {
  // A read that fails four times: its error has the retry button (a new time limit makes a new read).
  await session.fault({ status: 500, method: 'GET', path: '/subscriptions/', count: 4 });
  m.el.timeout = 4000;
  await waitUntil(() => m.el.state === 'error', 'no error state', { timeout: 5000 });
  const background = getComputedStyle(m.$('[part~=base]')!).backgroundColor;
  const error = getComputedStyle(m.$('[part~=error]')!).color;
  const retry = getComputedStyle(m.$('[part~=retry]')!).color;
  expect({ error, retry }).to.deep.equal({ error: palette.error, retry: palette.accent });
  expect(contrast(error, background), 'the error message').to.be.at.least(4.5);
  expect(contrast(retry, background), 'the retry button').to.be.at.least(4.5);
}

/** The loading state, held: the sandbox answers the first read only after the test. */
async function mountLoading(style?: string) {
  const session = await sandboxSession();
  await session.fault({ latencyMs: 3000, method: 'GET', count: 1 });
  const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, style });
  expect(m.el.state).to.equal('loading');
  return m;
}

/**
 * The loading shimmer of the placeholder's first bar, as `[red, green, blue, opacity]`, with its pulse stopped: the
 * bar's colour and its opacity at rest.
 */
function shimmer(m: Mounted): number[] {
  for (const animation of m.shadow.getAnimations()) animation.cancel();
  const bar = getComputedStyle(m.$('.placeholder span')!);
  const [red, green, blue, alpha] = channels(bar.backgroundColor);
  return [red!, green!, blue!, Math.round(alpha! * Number(bar.opacity) * 100) / 100];
}

describe('in an engine without light-dark() (simulated)', () => {
  const original = { warn: console.warn, error: console.error };
  beforeEach(() => Object.assign(console, { warn: () => {}, error: () => {} }));
  afterEach(() => Object.assign(console, original));

  for (const scheme of ['light', 'dark'] as const) {
    it(`shows the light palette, opaque and readable, in a ${scheme} color-scheme`, async () => {
      const { m, session } = await mountReady(scheme);
      simulateEngineWithout(m, 'light-dark');
      expectPalette(m, LIGHT);
      await expect(m.el).to.be.accessible();
      await expectErrorColors(m, session, LIGHT);
      await expect(m.el).to.be.accessible();
    });
  }

  it("keeps a theme's own colours", async () => {
    const { m } = await mountReady('dark', '--prepaid-upgrade-accent: rgb(200, 0, 100); --prepaid-upgrade-background: rgb(250, 250, 240)');
    simulateEngineWithout(m, 'light-dark');
    expect(seen(m)).to.include({ accent: 'rgb(200, 0, 100)', background: 'rgb(250, 250, 240)', text: LIGHT.text });
  });
});

describe('in an engine without contrast-color() (simulated)', () => {
  it('shows the background colour on the accent, the light palette in a light color-scheme', async () => {
    const { m } = await mountReady('light');
    simulateEngineWithout(m, 'contrast-color');
    expectPalette(m, LIGHT, LIGHT.background);
  });

  it(`shows the background colour on the accent, the ${engineHasLightDark ? 'dark' : 'light'} palette in a dark color-scheme`, async () => {
    const { m } = await mountReady('dark');
    simulateEngineWithout(m, 'contrast-color');
    const palette = engineHasLightDark ? DARK : LIGHT;
    expectPalette(m, palette, palette.background);
  });

  it("shows a theme's own text on the accent, as an engine with it does", async () => {
    const style = '--prepaid-upgrade-accent: rgb(124, 92, 255); --prepaid-upgrade-accent-text: rgb(255, 255, 240)';
    const { m } = await mountReady('light', style);
    simulateEngineWithout(m, 'contrast-color');
    expect(seen(m).buttonText).to.equal('rgb(255, 255, 240)');
  });
});

describe(`in this engine, which ${engineHasLightDark ? 'has' : 'lacks'} light-dark() (the real stylesheet)`, () => {
  const original = { warn: console.warn, error: console.error };
  beforeEach(() => Object.assign(console, { warn: () => {}, error: () => {} }));
  afterEach(() => Object.assign(console, original));

  it('shows the light palette in a light color-scheme', async () => {
    const { m, session } = await mountReady('light');
    expectPalette(m, LIGHT);
    await expectErrorColors(m, session, LIGHT);
  });

  it("shows the loading shimmer in a theme's border at 22%", async () => {
    const m = await mountLoading('--prepaid-upgrade-border: rgb(200, 0, 100)');
    expect(shimmer(m)).to.deep.equal([200, 0, 100, 0.22]);
  });

  it(`shows the ${engineHasLightDark ? 'dark' : 'light'} palette in a dark color-scheme`, async () => {
    const { m, session } = await mountReady('dark');
    const palette = engineHasLightDark ? DARK : LIGHT;
    expectPalette(m, palette);
    await expect(m.el).to.be.accessible();
    await expectErrorColors(m, session, palette);
  });
});
