// The CSS support check, `npm run lint:css`: Stylelint with our configuration (stylelint.config.mjs). What it fails on
// against package.json's browserslist, which fallbacks and named exceptions it accepts, that it reads the `css`
// templates of TypeScript modules, and that the element's style sheet and the demo's CSS pass it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import stylelint from 'stylelint';
import { features } from 'web-features';
import { browsersLacking, featuresOfEveryTarget, minimumVersions } from '../../tools/browser-targets.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const configFile = `${root}stylelint.config.mjs`;
const minimums = minimumVersions();
/** What these tests read of a web-features feature (the package's types of these fields do not resolve here). */
interface WebFeature {
  id: string;
  compat_features?: string[];
  status: { baseline_low_date?: string; by_compat_key?: Record<string, { support: Partial<Record<string, string>> }> };
}
/** web-features' features (without the names of moved or split ones). */
const webFeatures: WebFeature[] = Object.entries(features).flatMap(([id, feature]) =>
  feature.kind === 'feature' ? [{ ...feature, id }] : [],
);

/**
 * What Stylelint reports on `code` with our configuration, as `line:column message (rule)`: a CSS text, or a TypeScript
 * module's text when `file` ends in `.ts`. Options the configuration gets wrong are reported too.
 */
async function problems(code: string, file = 'demo/example.css'): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename: `${root}${file}`, configFile, cwd: root });
  return results.flatMap((result) => [
    ...result.invalidOptionWarnings.map((warning) => `invalid option: ${warning.text}`),
    ...result.warnings.map((warning) => `${warning.line}:${warning.column} ${warning.text}`),
  ]);
}

/** The messages of `problems`, without their places. */
async function messages(code: string, file?: string): Promise<string[]> {
  return (await problems(code, file)).map((problem) => problem.replace(/^\d+:\d+ /, ''));
}

const notBaseline = (what: string) => `${what} is not a 2022 available baseline feature. (plugin/use-baseline)`;
const LIGHT_DARK = notBaseline('Function "light-dark"');
const COLOR_MIX = notBaseline('Function "color-mix"');

describe('light-dark(), which Chrome 109–122, Firefox 115–119 and Safari 16.4–17.4 lack', () => {
  it('fails unguarded in a custom property, where it stands, inside a var() fallback too', async () => {
    assert.deepEqual(await problems(':host {\n  color: red;\n  --x: var(--y, light-dark(#000, #fff));\n}'), [`3:17 ${LIGHT_DARK}`]);
    assert.deepEqual(await messages(':host { --x: light-dark(#000, #fff) }'), [LIGHT_DARK]);
  });

  it('fails unguarded in an ordinary property, even after a declaration of the same property', async () => {
    assert.deepEqual(await messages('a { color: light-dark(#000, #fff) }'), [LIGHT_DARK]);
    assert.deepEqual(await messages('a { color: #000; color: light-dark(#000, #fff) }'), [LIGHT_DARK]);
  });

  it('passes inside @supports that tests it', async () => {
    const guarded = '@supports (color: light-dark(#000, #fff)) { :host { --x: light-dark(#000, #fff); color: light-dark(#000, #fff) } }';
    assert.deepEqual(await problems(guarded), []);
    assert.deepEqual(await problems(guarded.replace('(color: light-dark', '(display: grid) and (color: light-dark')), [
      '1:11 @supports (display: grid) is unnecessary as the feature meets the 2022 availability requirement. (plugin/use-baseline)',
    ]);
  });

  it('fails inside @supports that does not test it, tests its absence, or tests nothing', async () => {
    for (const condition of [
      '(display: grid)',
      'not (color: light-dark(#000, #fff))',
      // Every engine with custom properties accepts any value of one: this tests nothing.
      '(--x: light-dark(#000, #fff))',
    ]) {
      const found = await messages(`@supports ${condition} { a { --x: light-dark(#000, #fff) } }`);
      assert.ok(found.includes(LIGHT_DARK), `${condition}: ${found.join('; ')}`);
    }
  });

  it('fails inside @supports that tests another feature', async () => {
    assert.deepEqual(await messages('@supports (color: color-mix(in srgb, red, red)) { a { --x: light-dark(#000, #fff) } }'), [LIGHT_DARK]);
  });
});

describe('other features outside the browser list', () => {
  it('fails color-mix(), which Chrome and Edge 109 and 110 lack, unless @supports tests it', async () => {
    assert.deepEqual(await messages('a { background: #6b728038; background: color-mix(in srgb, red 22%, transparent) }'), [COLOR_MIX]);
    assert.deepEqual(await messages('a { --x: color-mix(in srgb, red 22%, transparent) }'), [COLOR_MIX]);
    assert.deepEqual(
      await problems('@supports (color: color-mix(in srgb, red, red)) { a { --x: color-mix(in srgb, red 22%, transparent) } }'),
      [],
    );
  });

  it('fails selectors some supported browsers lack, unless @supports selector() tests them', async () => {
    assert.deepEqual(await messages('.card:has(img) { color: red }'), [notBaseline('Selector "has"')]);
    assert.deepEqual(await messages(':host(:state(open)) { color: red }'), [notBaseline('Selector "state"')]);
    assert.deepEqual(await problems('@supports selector(:has(a)) { .card:has(img) { color: red } }'), []);
  });

  it('fails properties and at-rules some supported browsers lack', async () => {
    assert.deepEqual(await messages('a { text-wrap: balance }'), [notBaseline('Property "text-wrap"')]);
    assert.deepEqual(await messages('@container (min-width: 1px) { a { color: red } }'), [notBaseline('At-rule "@container"')]);
  });

  it('fails nesting, which Chrome 109, Firefox 115 and Safari 16.4 lack, with `&` or without', async () => {
    const tooDeep = 'Too deep nesting, maximum 0 (max-nesting-depth)';
    assert.deepEqual((await messages('a { color: red; & b { color: blue } }')).sort(), [notBaseline('Selector "nesting"'), tooDeep]);
    assert.deepEqual(await messages('a { color: red; b { color: blue } }'), [tooDeep]);
    assert.deepEqual(await messages('a { color: red; @media print { color: blue } }'), [tooDeep]);
  });

  it('fails names no browser knows, rather than pass them unchecked', async () => {
    const found = await messages(
      '@media (frob: 1) { a:frobbed { frobnicate: 1; color: frob(1); width: 1frob } } @frob x { a { color: red } } a::frob { color: red }',
    );
    for (const rule of [
      'media-feature-name-no-unknown',
      'selector-pseudo-class-no-unknown',
      'property-no-unknown',
      'function-no-unknown',
      'unit-no-unknown',
      'at-rule-no-unknown',
      'selector-pseudo-element-no-unknown',
    ])
      assert.ok(
        found.some((message) => message.endsWith(`(${rule})`)),
        `${rule}: ${found.join('; ')}`,
      );
  });

  it('passes the everyday CSS that every supported version has', async () => {
    const everyday = `:host { --a: var(--b, calc(1px + min(2px, max(1px, clamp(1px, 2px, 3px))))); clip-path: inset(50%) }
      :host([hidden]), ::slotted(p), a::before, :is(a, b):focus-visible, ::part(x) { transform: translate(1px) rotate(1deg) }
      @media (min-width: 1px) and (prefers-reduced-motion: reduce) { a { animation: none !important } }
      @keyframes k { from { opacity: 0 } 50% { opacity: 1 } }
      @media (forced-colors: active) { a { color: CanvasText } }
      .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); background: url(a.png), linear-gradient(red, blue); inset-inline: 0 }`;
    assert.deepEqual(await problems(everyday), []);
  });
});

describe('the named exceptions', () => {
  /**
   * Each property the configuration allows by name, with the CSS that uses it and the supported browsers that lack
   * it: what its reason in stylelint.config.mjs says.
   */
  const EXCEPTIONS = {
    outline: { css: 'a { outline: 3px solid red; outline: none }', lacking: [] },
    'accent-color': { css: 'a { accent-color: red }', lacking: ['safari', 'safari_ios', 'chrome_android'] },
    'forced-color-adjust': { css: 'a { forced-color-adjust: none }', lacking: ['safari', 'safari_ios'] },
  };

  it('are the properties of the rule’s ignoreProperties, and nothing else is ignored', async () => {
    const config = await stylelint.resolveConfig(`${root}demo/example.css`, { configFile, cwd: root });
    const [enabled, options] = config!.rules!['plugin/use-baseline'] as [boolean, Record<string, unknown>];
    assert.equal(enabled, true);
    assert.deepEqual(Object.keys(options), ['available', 'ignoreProperties']);
    assert.deepEqual(Object.keys(options['ignoreProperties'] as object).sort(), Object.keys(EXCEPTIONS).sort());
  });

  for (const [property, { css }] of Object.entries(EXCEPTIONS)) {
    it(`passes ${property}`, async () => {
      assert.deepEqual(await problems(css), []);
    });
  }

  it('still checks the values they are not named for', async () => {
    assert.deepEqual(await messages('a { accent-color: light-dark(red, blue) }'), [LIGHT_DARK]);
    assert.deepEqual(await messages('a { forced-color-adjust: preserve-parent-color }'), [
      notBaseline('Value "preserve-parent-color" of property "forced-color-adjust"'),
    ]);
  });

  /** The compat keys of web-features under `key` (the key itself and its values), each with what it says about support. */
  const compatKeys = (key: string) =>
    webFeatures.flatMap((feature) =>
      Object.entries(feature.status.by_compat_key ?? {}).filter(([name]) => name === key || name.startsWith(`${key}.`)),
    );

  for (const [property, { lacking }] of Object.entries(EXCEPTIONS)) {
    it(`gives ${property} the reason web-features does: ${lacking.length ? `missing in ${lacking.join(', ')} only` : 'in every supported version'}`, () => {
      const keys = compatKeys(`css.properties.${property}`).filter(
        // The values the exception names: every one of outline's, none of accent-color's, `none` of forced-color-adjust's.
        ([name]) => property === 'outline' || name === `css.properties.${property}` || name === `css.properties.${property}.none`,
      );
      assert.ok(keys.length > 0, `web-features knows ${property}`);
      for (const [name, { support }] of keys) assert.deepEqual(browsersLacking(support, minimums).sort(), [...lacking].sort(), name);
    });
  }
});

describe('the Baseline year', () => {
  it('is 2022: every CSS feature of 2022 or before is in every supported version, and some of 2023 are not', async () => {
    const config = await stylelint.resolveConfig(`${root}demo/example.css`, { configFile, cwd: root });
    assert.equal((config!.rules!['plugin/use-baseline'] as [boolean, { available: number }])[1].available, 2022);
    const everywhere = new Set(featuresOfEveryTarget(features));
    const cssOf = (year: string) =>
      webFeatures
        .filter(
          (feature) => feature.compat_features?.some((key) => key.startsWith('css.')) && feature.status.baseline_low_date?.startsWith(year),
        )
        .map((feature) => feature.id);
    const upTo2022 = ['2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022'].flatMap(cssOf);
    assert.ok(upTo2022.length > 100, `${upTo2022.length} CSS features`);
    assert.deepEqual(
      upTo2022.filter((id) => !everywhere.has(id)),
      [],
    );
    const of2023 = cssOf('2023');
    for (const id of ['color-mix', 'has', 'nesting']) assert.ok(of2023.includes(id) && !everywhere.has(id), id);
  });
});

describe('TypeScript modules', () => {
  it('are read through postcss-lit: a `css` template is linted, at its lines in the module', async () => {
    const module = (condition: string) =>
      [
        "import { css } from 'lit';",
        '',
        'export const styles = css`',
        `  ${condition} {`,
        '    :host {',
        '      --x: light-dark(#000, #fff);',
        '    }',
        '  }',
        '`;',
        '',
      ].join('\n');
    assert.deepEqual(await problems(module('@media screen'), 'src/example.styles.ts'), [`6:12 ${LIGHT_DARK}`]);
    assert.deepEqual(await problems(module('@supports (color: light-dark(#000, #fff))'), 'src/example.styles.ts'), []);
  });
});

describe('the CSS that `npm run lint:css` checks', () => {
  const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts['lint:css']!;
  const globs = [...script.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  const elementFile = 'src/prepaid-upgrade.styles.ts';
  const elementSource = readFileSync(`${root}${elementFile}`, 'utf8');

  it("is the element's style sheets and the demo's CSS, and it passes", async () => {
    assert.match(script, /^stylelint /);
    const { results } = await stylelint.lint({ files: globs, configFile, cwd: root });
    const files = results.map((result) => result.source!.slice(root.length)).sort();
    const themes = ['brand', 'dark', 'dawn', 'midnight'].map((theme) => `demo/themes/${theme}.css`);
    for (const file of [elementFile, 'src/discovery/picker.styles.ts', 'demo/demo.css', ...themes])
      assert.ok(files.includes(file), `${file} in ${files.join(', ')}`);
    assert.deepEqual(
      results.flatMap((result) =>
        [...result.invalidOptionWarnings, ...result.warnings].map((warning) => `${result.source}: ${warning.text}`),
      ),
      [],
    );
  });

  it("would not pass without the style sheet's light-dark() guard", async () => {
    const guard = /@supports \(color: light-dark\([^)]*\)\)/g;
    const unguarded = elementSource.replace(guard, '@media screen');
    assert.notEqual(unguarded, elementSource, `${guard} is in ${elementFile}`);
    const found = await messages(unguarded, elementFile);
    assert.ok(found.length > 0 && found.every((each) => each === LIGHT_DARK), found.join('; '));
  });

  // The rule's data does not know contrast-color() (Chrome 147, Firefox 146, Safari 26) yet, so it would pass it
  // unguarded: this checks its guard instead. Every use is inside the one block that tests it.
  it('uses contrast-color() only inside the @supports block that tests it', () => {
    const code = elementSource.replace(/\/\*[\s\S]*?\*\//g, '');
    const guarded = /@supports \(color: contrast-color\(red\)\) \{[^{}]*\{[^{}]*\}\s*\}/g;
    assert.equal(code.match(guarded)?.length, 1, `${elementFile} has one @supports (color: contrast-color(red)) block`);
    assert.doesNotMatch(code.replace(guarded, ''), /contrast-color\(/);
  });
});

describe('minimumVersions', () => {
  it("reads package.json's browserslist as compat-data browser ids, Android versions included", () => {
    assert.deepEqual(minimums, {
      chrome: '109',
      edge: '109',
      firefox: '115',
      safari: '16.4',
      safari_ios: '16.4',
      chrome_android: '109',
      firefox_android: '115',
    });
  });
});
