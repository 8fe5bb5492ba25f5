// The CSS feature check (tools/check-css-support.ts): what it reports against package.json's browserslist, which
// fallbacks it accepts, and that the element's own stylesheet passes it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { styles as styleSheet } from '../../src/prepaid-upgrade.styles.js';

/** The element's style sheet, as the text of its Lit `css` template. */
const styles = styleSheet.cssText;
import { acceptanceOf, checkCssSupport, type Problem } from '../../tools/check-css-support.js';
import { minimumVersions } from '../../tools/browser-targets.js';

const minimums = minimumVersions();
const root = fileURLToPath(new URL('../..', import.meta.url));
const unaccepted = (problems: Problem[]) => problems.filter((problem) => !acceptanceOf(problem));
/** `{ chrome: 'added in 123', … }` of the one problem of `name`. */
const gapsOf = (problems: Problem[], name: string) => {
  const matching = problems.filter((problem) => problem.name === name);
  assert.equal(matching.length, 1, `one problem of ${name} in ${JSON.stringify(problems, null, 2)}`);
  return Object.fromEntries(matching[0]!.gaps.map((gap) => [gap.browser, `${gap.minimum}: ${gap.why}`]));
};

describe('minimumVersions', () => {
  it("reads package.json's browserslist as BCD browser ids, Android versions included", () => {
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

describe('checkCssSupport', () => {
  it('reports light-dark() where it stands, with every browser version that lacks it', () => {
    const problems = checkCssSupport(':host {\n  color: red;\n  --x: var(--y, light-dark(#000, #fff));\n}');
    assert.equal(problems.length, 1);
    const [problem] = problems;
    assert.equal(problem!.feature, 'css.types.color.light-dark');
    assert.equal(problem!.name, 'light-dark()');
    assert.equal(problem!.unknown, false);
    assert.deepEqual([problem!.line, problem!.column], [3, 17]);
    assert.equal(problem!.context, ':host { --x }');
    assert.deepEqual(gapsOf(problems, 'light-dark()'), {
      chrome: '109: added in 123',
      edge: '109: added in 123',
      firefox: '115: added in 120',
      safari: '16.4: added in 17.5',
      safari_ios: '16.4: added in 17.5',
      chrome_android: '109: added in 123',
      firefox_android: '115: added in 120',
    });
  });

  it('reports it in an ordinary property without a fallback too', () => {
    assert.equal(checkCssSupport('a { color: light-dark(#000, #fff) }').length, 1);
  });

  it('accepts it inside @supports that tests it', () => {
    const guarded = '@supports (color: light-dark(#000,#fff)) { :host { --x: light-dark(#000, #fff); color: light-dark(#000, #fff) } }';
    assert.deepEqual(checkCssSupport(guarded), []);
    assert.deepEqual(checkCssSupport(`@media screen { ${guarded} }`), []);
    assert.deepEqual(
      checkCssSupport('@supports (display: grid) and (color: light-dark(#000,#fff)) { a { color: light-dark(#000, #fff) } }'),
      [],
    );
  });

  it('does not take an @supports that does not guarantee it for a guard', () => {
    for (const condition of [
      '(display: grid)',
      'not (color: light-dark(#000,#fff))',
      '(display: grid) or (color: light-dark(#000,#fff))',
      // Every engine with custom properties accepts any value of one: this tests nothing.
      '(--x: light-dark(#000,#fff))',
    ]) {
      const problems = checkCssSupport(`@supports ${condition} { a { --x: light-dark(#000, #fff) } }`);
      assert.deepEqual(
        problems.map((problem) => problem.name),
        ['light-dark()'],
        condition,
      );
    }
  });

  it('accepts a value after a declaration of the same property, which is its fallback', () => {
    assert.deepEqual(checkCssSupport('a { color: #000; color: light-dark(#000, #fff) }'), []);
    assert.deepEqual(checkCssSupport('a { background: #6b728038; background: color-mix(in srgb, red 22%, transparent) }'), []);
  });

  it('does not take an earlier custom property, or another property, for a fallback', () => {
    assert.equal(checkCssSupport('a { --x: #000; --x: light-dark(#000, #fff) }').length, 1);
    assert.equal(checkCssSupport('a { background: #000; color: light-dark(#000, #fff) }').length, 1);
  });

  it('reports color-mix() to Chrome and Edge 109 only', () => {
    const problems = checkCssSupport('a { background: color-mix(in srgb, red 22%, transparent) }');
    assert.deepEqual(gapsOf(problems, 'color-mix()'), {
      chrome: '109: added in 111',
      edge: '109: added in 111',
      chrome_android: '109: added in 111',
    });
  });

  it('reports selectors some browsers lack, and accepts them under @supports selector()', () => {
    const problems = checkCssSupport(':host(:state(open)) { color: red }\n.card:has(img) { color: red }');
    assert.deepEqual(
      problems.map((problem) => [problem.name, problem.feature, problem.line]),
      [
        [':state()', 'css.selectors.state', 1],
        [':has()', 'css.selectors.has', 2],
      ],
    );
    assert.deepEqual(gapsOf(problems, ':has()'), { firefox: '115: added in 121', firefox_android: '115: added in 121' });
    assert.equal(gapsOf(problems, ':state()')['safari'], '16.4: added in 17.4');
    assert.deepEqual(checkCssSupport('@supports selector(:has(a)) { .card:has(img) { color: red } }'), []);
  });

  it('knows the functions, selectors and at-rules of everyday CSS', () => {
    const everyday = `:host { --a: var(--b, calc(1px + min(2px, max(1px, clamp(1px, 2px, 3px))))); clip-path: inset(50%) }
      :host([hidden]), ::slotted(p), a::before, :is(a, b):focus-visible, ::part(x) { transform: translate(1px) rotate(1deg) }
      @media (min-width: 1px) { @keyframes k { from { opacity: 0 } 50% { opacity: 1 } } }
      .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); background: url(a.png), linear-gradient(red, blue) }`;
    assert.deepEqual(checkCssSupport(everyday), []);
  });

  it('reports properties, functions, selectors and at-rules it cannot find, rather than pass them', () => {
    const problems = checkCssSupport('a:frobbed { frobnicate: 1; color: frob(1) } @frob x { a { color: red } } a::frob { color: red }');
    assert.deepEqual(
      problems.map((problem) => [problem.name, problem.unknown]),
      [
        [':frobbed', true],
        ['frobnicate', true],
        ['frob()', true],
        ['@frob', true],
        ['::frob', true],
      ],
    );
  });

  it('reports a property some browsers lack, and accepts it under @supports that tests it', () => {
    const problems = checkCssSupport('a { forced-color-adjust: none }');
    assert.deepEqual(gapsOf(problems, 'forced-color-adjust'), { safari: '16.4: not supported', safari_ios: '16.4: not supported' });
    assert.deepEqual(checkCssSupport('@supports (forced-color-adjust: none) { a { forced-color-adjust: none } }'), []);
  });

  it('reports nesting, which Chrome 109 and Safari 16.4 lack', () => {
    const problems = checkCssSupport('a { color: red; & b { color: blue } }');
    assert.deepEqual(
      problems.map((problem) => problem.feature),
      ['css.selectors.nesting', 'css.selectors.nesting'],
    );
  });
});

describe("the element's stylesheet", () => {
  it('passes: every feature is in every supported browser, has a fallback, or is an accepted gap', () => {
    assert.deepEqual(unaccepted(checkCssSupport(styles, minimums)), []);
  });

  it('accepts a gap only in the browsers its acceptance names', () => {
    const [accepted] = checkCssSupport('a { forced-color-adjust: none }', minimums);
    assert.ok(acceptanceOf(accepted!));
    const [wider] = checkCssSupport('a { forced-color-adjust: none }', { ...minimums, firefox: '100' });
    assert.equal(acceptanceOf(wider!), undefined);
  });

  it('would not pass without its light-dark() fallback', () => {
    const unguarded = styles.replace(/@supports \(color: light-dark\([^)]*\)\)/g, '@media screen');
    assert.notEqual(unguarded, styles);
    assert.ok(unaccepted(checkCssSupport(unguarded, minimums)).some((problem) => problem.name === 'light-dark()'));
  });

  it('passes the CLI that `npm run lint` runs', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/check-css-support.ts'], { cwd: root });
    assert.match(stdout, /every CSS feature is in Chrome 109, Edge 109, Firefox 115, Safari 16\.4/);
  });
});
