/**
 * Checks CSS against package.json's `browserslist`: every property, function, pseudo-class, pseudo-element and
 * at-rule the CSS uses is looked up in MDN's browser-compat-data (BCD), and each one that some supported browser
 * version lacks is a problem, unless the CSS already falls back for it:
 *
 * - inside `@supports (<condition>)` whose condition tests that same feature (e.g. `@supports (color:
 *   light-dark(#000, #fff)) { … light-dark(…) … }`): an engine without it skips the whole block;
 * - a value of a non-custom property preceded in the same block by a declaration of the same property (`color: #000;
 *   color: light-dark(…)`): an engine without the feature drops the second declaration at parse time and keeps the
 *   first. A custom property has no such fallback (any value is valid at parse time, and `--x: light-dark(…)` only
 *   fails, at computed-value time, where it is used), so inside one a feature counts unless `@supports` guards it.
 *
 * A name BCD does not know is reported too (as unknown), so that nothing passes unchecked. Some gaps are harmless and
 * accepted by name, each with its reason (ACCEPTED below); the CLI prints them.
 *
 * `tsx tools/check-css-support.ts` (part of `npm run lint`) checks the element's stylesheet and exits 1 on problems.
 */
import bcd from '@mdn/browser-compat-data' with { type: 'json' };
import type { CompatStatement, Identifier, SimpleSupportStatement } from '@mdn/browser-compat-data';
import * as csstree from 'css-tree';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compareVersions, minimumVersions, type Minimums } from './browser-targets.js';

export type { Minimums };

/** One supported browser version that lacks a feature. */
export interface Gap {
  /** BCD browser id, e.g. `safari_ios`. */
  browser: string;
  /** The oldest supported version, e.g. `16.4`. */
  minimum: string;
  /** Why, e.g. `added in 17.5`, `not supported`, `partial implementation only`. */
  why: string;
}

export interface Problem {
  /** The BCD path (`css.types.color.light-dark`), or the path it would have when `unknown`. */
  feature: string;
  /** What the CSS says: `light-dark()`, `:state()`, `::part()`, `forced-color-adjust`, `@container`. */
  name: string;
  /** BCD has no entry of that name: it cannot be checked. */
  unknown: boolean;
  /** The supported browser versions that lack it (empty when unknown). */
  gaps: Gap[];
  /** 1-based line and column in the CSS text. */
  line: number;
  column: number;
  /** Where: the enclosing at-rules and selector, and the property, e.g. `@supports (…) :host { --_accent }`. */
  context: string;
}

/** A gap the project accepts, with its reason: a problem of `feature` whose gaps are all in `browsers`. */
export interface Acceptance {
  feature: string;
  browsers: string[];
  reason: string;
}

/** The accepted gaps of the element's stylesheet. */
export const ACCEPTED: Acceptance[] = [
  {
    feature: 'css.properties.forced-color-adjust',
    browsers: ['safari', 'safari_ios'],
    reason: 'Safari has no forced-colours mode, which is all the declaration is for',
  },
  {
    feature: 'css.properties.accent-color',
    browsers: ['safari', 'safari_ios', 'chrome_android'],
    reason:
      'a partial implementation (the engine keeps the accent as is, without raising the contrast of the check mark ' +
      'against it): the radios still take the accent colour',
  },
];

const css = bcd.css as unknown as Identifier;

function compat(path: string): CompatStatement | undefined {
  let node: Identifier | undefined = bcd as unknown as Identifier;
  for (const key of path.split('.')) node = node?.[key] as Identifier | undefined;
  return node?.__compat;
}

/** Every entry under css.types, by its own name (`light-dark` → `css.types.color.light-dark`), in BCD's order. */
const typesByName = new Map<string, string[]>();
(function index(node: Identifier, path: string) {
  for (const [key, child] of Object.entries(node)) {
    if (key === '__compat') continue;
    const childPath = `${path}.${key}`;
    if ((child as Identifier).__compat) typesByName.set(key, [...(typesByName.get(key) ?? []), childPath]);
    index(child as Identifier, childPath);
  }
})(css['types'] as Identifier, 'css.types');

/**
 * Where BCD keeps a function: a type of its own (`css.types.calc`, `css.types.var`), a value of the property it is
 * used in (`css.properties.grid-template-columns.repeat`), or an entry inside a type (`css.types.color.light-dark`,
 * `css.types.basic-shape.inset`, `css.types.transform-function.translate`).
 */
function functionFeature(name: string, property: string | undefined): string {
  if (compat(`css.types.${name}`)) return `css.types.${name}`;
  if (property && !property.startsWith('--') && compat(`css.properties.${property}.${name}`)) return `css.properties.${property}.${name}`;
  // Nowhere: reported as unknown, under the first place it was looked for.
  return typesByName.get(name)?.[0] ?? `css.types.${name}`;
}

function pseudoFeature(node: csstree.PseudoClassSelector | csstree.PseudoElementSelector): string {
  const name = node.name.toLowerCase();
  // The functional forms that BCD keeps apart: `:host()` is css.selectors.hostfunction.
  if (node.type === 'PseudoClassSelector' && node.children && compat(`css.selectors.${name}function`))
    return `css.selectors.${name}function`;
  return `css.selectors.${name}`;
}

/** The first statement that is the feature itself: not behind a flag, a prefix, another name or only in part. */
function plainStatement(statements: SimpleSupportStatement[]): SimpleSupportStatement | undefined {
  return statements.find((s) => !s.flags && !s.prefix && !s.alternative_name && !s.partial_implementation);
}

/** The supported browser versions that lack a feature; why, for each. */
function gapsOf(statement: CompatStatement, minimums: Minimums): Gap[] {
  const gaps: Gap[] = [];
  for (const [browser, minimum] of Object.entries(minimums)) {
    const support = statement.support[browser as keyof typeof statement.support];
    const statements = support === undefined ? [] : Array.isArray(support) ? support : [support];
    const plain = plainStatement(statements as SimpleSupportStatement[]);
    const added = plain?.version_added;
    const partly = statements.some((s) => s.partial_implementation);
    let why: string | undefined;
    if (plain === undefined)
      why = partly ? 'partial implementation only' : statements.length > 0 ? 'only prefixed, flagged or renamed' : 'no data';
    else if (plain.version_removed) why = `removed in ${plain.version_removed}`;
    else if (added === false) why = 'not supported';
    else if (added === null || added === undefined) why = 'support unknown';
    else if (added === 'preview') why = 'only in preview';
    // "≤79" means at some version up to 79: counted as 79, its latest possible.
    else if (typeof added === 'string' && compareVersions(added.replace('≤', ''), minimum) > 0)
      why = `added in ${added}${partly ? ', partial before' : ''}`;
    if (why !== undefined) gaps.push({ browser, minimum, why });
  }
  return gaps;
}

/** The features an `@supports` condition guarantees when it holds (none under `not`, none of an `or`). */
function guaranteedBy(prelude: csstree.CssNode): Set<string> {
  const features = new Set<string>();
  const visit = (node: csstree.CssNode): void => {
    if (node.type === 'SupportsDeclaration') {
      const name = node.declaration.property.toLowerCase();
      // `(--x: light-dark(…))` holds in every engine with custom properties: it tests nothing of its value.
      if (name.startsWith('--')) return;
      features.add(`css.properties.${name}`);
      for (const use of valueUses(node.declaration.value, name)) features.add(use.feature);
    } else if (node.type === 'FeatureFunction' && node.feature === 'selector') {
      for (const use of selectorUses(node.value)) features.add(use.feature);
    } else if (node.type === 'Condition' || node.type === 'AtrulePrelude' || node.type === 'Parentheses') {
      const children = node.children.toArray();
      if (children.some((child) => child.type === 'Identifier' && child.name.toLowerCase() === 'or')) return;
      children.forEach((child, index) => {
        const previous = children[index - 1];
        if (previous?.type === 'Identifier' && previous.name.toLowerCase() === 'not') return;
        visit(child);
      });
    }
  };
  visit(prelude);
  return features;
}

interface Use {
  /** The BCD path: where the feature is, or where it was looked for when BCD does not have it. */
  feature: string;
  name: string;
  node: csstree.CssNode;
}

/** The functions a value uses, nested ones and those in `var()` fallbacks included. */
function valueUses(value: csstree.CssNode, property: string | undefined): Use[] {
  const uses: Use[] = [];
  csstree.walk(value, (node) => {
    if (node.type === 'Function') {
      const name = node.name.toLowerCase();
      uses.push({ feature: functionFeature(name, property), name: `${name}()`, node });
    } else if (node.type === 'Url') {
      uses.push({ feature: 'css.types.url', name: 'url()', node });
    } else if (node.type === 'Raw') {
      // Text css-tree could not parse: its functions are still looked up by name, so that none is skipped.
      for (const [, name] of node.value.matchAll(/([-\w]+)\(/g)) {
        const lower = name!.toLowerCase();
        uses.push({ feature: functionFeature(lower, property), name: `${lower}()`, node });
      }
    }
  });
  return uses;
}

/** The pseudo-classes, pseudo-elements and nesting selectors of a selector (the CSS 2 basics are not looked up). */
function selectorUses(selector: csstree.CssNode): Use[] {
  const uses: Use[] = [];
  csstree.walk(selector, (node) => {
    if (node.type === 'PseudoClassSelector' || node.type === 'PseudoElementSelector') {
      const prefix = node.type === 'PseudoClassSelector' ? ':' : '::';
      uses.push({ feature: pseudoFeature(node), name: `${prefix}${node.name.toLowerCase()}${node.children ? '()' : ''}`, node });
    } else if (node.type === 'NestingSelector') {
      uses.push({ feature: 'css.selectors.nesting', name: '&', node });
    }
  });
  return uses;
}

interface Context {
  /** Features guaranteed by the enclosing `@supports` rules. */
  guarded: Set<string>;
  /** The enclosing at-rules and selectors, for messages. */
  place: string[];
  /** Inside a style rule (a rule in it is nested). */
  inRule: boolean;
  /** Inside `@keyframes`: its rules' selectors are keyframe offsets. */
  inKeyframes: boolean;
}

/** The problems of a CSS text against the minimum versions (package.json's browserslist unless given). */
export function checkCssSupport(cssText: string, minimums: Minimums = minimumVersions()): Problem[] {
  const problems: Problem[] = [];
  const ast = csstree.parse(cssText, { positions: true, parseCustomProperty: true });

  const report = (use: Use, context: Context, where: string[] = context.place): void => {
    if (context.guarded.has(use.feature)) return;
    const statement = compat(use.feature);
    const gaps = statement ? gapsOf(statement, minimums) : [];
    if (statement && gaps.length === 0) return;
    const start = use.node.loc?.start ?? { line: 0, column: 0 };
    problems.push({
      feature: use.feature,
      name: use.name,
      unknown: statement === undefined,
      gaps,
      line: start.line,
      column: start.column,
      context: where.join(' '),
    });
  };

  const visitBlock = (children: csstree.List<csstree.CssNode>, context: Context): void => {
    const declared = new Set<string>();
    children.forEach((node) => {
      if (node.type === 'Atrule') {
        const name = node.name.toLowerCase();
        // Preludes are not checked: a media query (or container query) with a feature an engine does not know simply
        // does not match, and an @supports condition it does not know is false; either is its own fallback.
        const prelude = node.prelude ? csstree.generate(node.prelude) : '';
        const place = [...context.place, `@${name}${prelude ? ` ${prelude}` : ''}`];
        report({ feature: `css.at-rules.${name}`, name: `@${name}`, node }, context, place);
        const guarded =
          name === 'supports' && node.prelude ? new Set([...context.guarded, ...guaranteedBy(node.prelude)]) : context.guarded;
        if (node.block)
          visitBlock(node.block.children, {
            ...context,
            guarded,
            place,
            inKeyframes: context.inKeyframes || name.endsWith('keyframes'),
          });
      } else if (node.type === 'Rule') {
        const place = [...context.place, csstree.generate(node.prelude)];
        if (!context.inKeyframes) {
          if (context.inRule) report({ feature: 'css.selectors.nesting', name: 'nested rule', node }, context, place);
          for (const use of selectorUses(node.prelude)) report(use, context, place);
        }
        visitBlock(node.block.children, { ...context, place, inRule: !context.inKeyframes });
      } else if (node.type === 'Declaration') {
        const property = node.property.toLowerCase();
        const custom = property.startsWith('--');
        const where = [...context.place, `{ ${node.property} }`];
        const feature = custom ? 'css.properties.custom-property' : `css.properties.${property}`;
        report({ feature, name: property, node }, context, where);
        // An earlier declaration of the same property is the fallback of this one's values.
        if (!declared.has(property)) for (const use of valueUses(node.value, property)) report(use, context, where);
        if (!custom) declared.add(property);
      }
    });
  };

  if (ast.type === 'StyleSheet') visitBlock(ast.children, { guarded: new Set(), place: [], inRule: false, inKeyframes: false });
  return problems;
}

/** Whether a problem is one of the accepted gaps. */
export function acceptanceOf(problem: Problem, accepted: Acceptance[] = ACCEPTED): Acceptance | undefined {
  return accepted.find(
    (acceptance) =>
      !problem.unknown && acceptance.feature === problem.feature && problem.gaps.every((gap) => acceptance.browsers.includes(gap.browser)),
  );
}

function browserName(id: string): string {
  return (bcd.browsers as Record<string, { name: string }>)[id]?.name ?? id;
}

/** One readable line: place, feature and, browser by browser, what lacks it. */
export function describeProblem(problem: Problem, file = 'css', lineOffset = 0): string {
  const at = `${file}:${problem.line + lineOffset}:${problem.column}`;
  const what = problem.unknown
    ? `${problem.name} is unknown to browser-compat-data (looked for ${problem.feature}): it cannot be checked`
    : `${problem.name} (${problem.feature}) is missing in ${problem.gaps.map((gap) => `${browserName(gap.browser)} ${gap.minimum} (${gap.why})`).join(', ')}`;
  return `${at}  ${what}\n    in ${problem.context}`;
}

/** The CLI: checks the element's stylesheet. */
async function main(): Promise<number> {
  const file = 'src/prepaid-upgrade.styles.ts';
  const { styles } = await import('../src/prepaid-upgrade.styles.js');
  const { cssText } = styles;
  // Lines in messages are lines of the source file when the template text is found in it as is.
  const source = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  const index = source.indexOf(cssText);
  const lineOffset = index < 0 ? 0 : source.slice(0, index).split('\n').length - 1;
  const minimums = minimumVersions();
  const problems = checkCssSupport(cssText, minimums);
  const accepted = problems.filter((problem) => acceptanceOf(problem));
  const failures = problems.filter((problem) => !acceptanceOf(problem));
  const versions = Object.entries(minimums)
    .map(([id, version]) => `${browserName(id)} ${version}`)
    .join(', ');
  for (const problem of accepted)
    console.log(`accepted: ${describeProblem(problem, file, lineOffset)}\n    because ${acceptanceOf(problem)!.reason}`);
  const unused = ACCEPTED.filter((acceptance) => !accepted.some((problem) => acceptanceOf(problem, [acceptance])));
  for (const acceptance of unused)
    console.error(`${file}: the accepted gap of ${acceptance.feature} no longer occurs: remove it from ACCEPTED`);
  for (const problem of failures) console.error(describeProblem(problem, file, lineOffset));
  if (failures.length > 0 || unused.length > 0) {
    console.error(
      `\n${failures.length} CSS feature(s) outside the browserslist (${versions}). Give each a fallback: put it inside ` +
        `@supports (<a test of that feature>) after a declaration that works without it, or precede it with a ` +
        `declaration of the same (non-custom) property.`,
    );
    return 1;
  }
  console.log(`${file}: every CSS feature is in ${versions}, or has a fallback.`);
  return 0;
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
