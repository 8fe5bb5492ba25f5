import { expect } from '@open-wc/testing';
import { RENEWAL_BEHAVIORS, type RenewalBehavior } from '../../../src/api/schemas.js';
import type { IneligibleReason } from '../../../src/api/eligibility.js';
import { pickerEn } from '../../../src/discovery/texts.js';
import { en as carried } from '../../../src/i18n/en.js';
import type { ErrorPhase, FailureKind, PrepaidStatus, ShippingUnit, Strings } from '../../../src/i18n/strings.js';
import ar from '../../../src/i18n/locales/ar.js';
import de from '../../../src/i18n/locales/de.js';
import es from '../../../src/i18n/locales/es.js';
import fr from '../../../src/i18n/locales/fr.js';
import italian from '../../../src/i18n/locales/it.js';
import ja from '../../../src/i18n/locales/ja.js';
import nl from '../../../src/i18n/locales/nl.js';
import ptBR from '../../../src/i18n/locales/pt-BR.js';

/** Every English text: what every widget carries, and the picker's, which come with the discovery chunk. */
const en: Strings = { ...carried, ...pickerEn };

// Every translation against English, the source of truth: the same entries, every entry answering every input the
// widget can give it, in that language's own words and numbers.

// ---- type-level checks (a failure here fails `tsc`) -------------------------------------------------------------

/** `true` when `List` names every member of `Union`; otherwise a type that names the ones it misses. */
type Exhaustive<Union, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never]
  ? true
  : { missing: Exclude<Union, List[number]> };

const FAILURE_KINDS = [
  'config',
  'network',
  'timeout',
  'malformed',
  'unconfirmed',
  'alreadyPrepaid',
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'locked',
  'rateLimited',
  'server',
] as const satisfies readonly FailureKind[];
const failureKindsAreExhaustive: Exhaustive<FailureKind, typeof FAILURE_KINDS> = true;

const INELIGIBLE_REASONS = [
  'already-prepaid',
  'not-live',
  'product-not-eligible',
  'none-upgradeable',
  'no-subscriptions',
] as const satisfies readonly IneligibleReason[];
const ineligibleReasonsAreExhaustive: Exhaustive<IneligibleReason, typeof INELIGIBLE_REASONS> = true;

const PHASES = ['load', 'upgrade', 'renewal', 'config'] as const satisfies readonly ErrorPhase[];
const phasesAreExhaustive: Exhaustive<ErrorPhase, typeof PHASES> = true;

const renewalBehaviorsAreExhaustive: Exhaustive<RenewalBehavior, typeof RENEWAL_BEHAVIORS> = true;

const SHIPPING_UNITS = ['day', 'week', 'month'] as const satisfies readonly ShippingUnit[];
const shippingUnitsAreExhaustive: Exhaustive<ShippingUnit, typeof SHIPPING_UNITS> = true;

/** Each locale is a `Strings` (it is annotated so in its own file; this keeps the test honest if that changes). */
const LOCALES = { fr, de, es, it: italian, nl, 'pt-BR': ptBR, ja, ar } satisfies Record<string, Strings>;
type Locale = keyof typeof LOCALES;

/** The keys of `Strings` whose entries are functions. */
type FunctionKey = { [K in keyof Strings]: Strings[K] extends (...args: never[]) => string ? K : never }[keyof Strings];

// ---- inputs ------------------------------------------------------------------------------------------------------

const COUNTS = [0, 1, 2, 3, 5, 6, 11, 12, 21, 100] as const;
const PRODUCT_NAME = 'Café Moka 250 g';
/** A count whose grouping differs between languages: 12,345 in English, 12.345 in German, 12 345 in French. */
const LARGE = 12345;

/**
 * The word each language says the prepaid orders left with ("4 prepaid orders left"): never in the terms of a cycle that
 * starts with the next order, which has none left.
 */
const LEFT: Record<Locale, RegExp> = {
  fr: /restantes?/u,
  de: /übrig/u,
  es: /\bquedan?\b/u,
  it: /\brest(?:a|ano)\b/u,
  nl: /\bover\b/u,
  'pt-BR': /\brest(?:a|am)\b/u,
  ja: /残り/u,
  ar: /يتبق/u,
};

const format = (locale: string, value: number) => new Intl.NumberFormat(locale).format(value);
/** Prices arrive already formatted, in the page's language. */
const price = (locale: string, amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
/** Percentages too: 10 % in French and German, 10% in English. */
const percent = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

/**
 * Dates arrive already formatted too: the next order's, with the year ("5 décembre 2026") or, under a choice, without
 * it ("5 décembre"). The 1st, 8th and 11th besides the 5th, where some languages change the word before a date
 * (Italian elides its article: «l’8 dicembre»).
 */
const DAYS = [Date.UTC(2026, 11, 5), Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 8), Date.UTC(2026, 10, 11)];
const date = (locale: string, day: number, year = true) =>
  new Intl.DateTimeFormat(locale, { year: year ? 'numeric' : undefined, month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day);

/**
 * Every prepaid status: with none remaining (right after an upgrade) also with the next order's date, without its year,
 * which the terms then give.
 */
const statuses = (locale: string): PrepaidStatus[] =>
  COUNTS.flatMap((ordersPerBilling) =>
    COUNTS.flatMap((ordersRemaining) =>
      [...RENEWAL_BEHAVIORS, undefined].flatMap((renewalBehavior) => [
        { ordersPerBilling, ordersRemaining, renewalBehavior },
        ...(ordersRemaining === 0
          ? DAYS.map((day) => ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate: date(locale, day, false) }))
          : []),
      ]),
    ),
  );

/** The texts of a language, English's included, to build one entry's argument from another's text. */
const textsOf = (locale: string): Strings => (locale === 'en' ? en : LOCALES[locale as Locale]);

/**
 * The argument lists every function entry is called with. A mapped type over `FunctionKey`: an entry added to
 * `Strings` without inputs here does not compile.
 */
function samples(locale: string): { [K in FunctionKey]: Parameters<Strings[K]>[] } {
  const total = price(locale, 75);
  const perOrder = price(locale, 12.5);
  const billed = price(locale, 121.38);
  const [subTotal, tax, shipping] = [price(locale, 110.99), price(locale, 5.4), price(locale, 4.99)];
  // The breakdown of a total, as the widget gives it to `nextOrderBills`: in the same language's words.
  const charges = textsOf(locale).charges(subTotal, tax, shipping);
  return {
    ordersOption: COUNTS.map((count) => [count]),
    // Without a date and with each, taxed or not, with a discount and without.
    ordersChoice: [undefined, ...DAYS.map((day) => date(locale, day, false))].flatMap((day) =>
      [false, true].flatMap((taxed): Parameters<Strings['ordersChoice']>[] => [
        [total, day, taxed],
        [price(locale, 67.5), day, taxed, { percent: percent(locale, 10), full: total, perOrder: price(locale, 11.25) }],
      ]),
    ),
    renewalOption: RENEWAL_BEHAVIORS.map((behavior) => [behavior]),
    renewalHint: RENEWAL_BEHAVIORS.flatMap((behavior) => COUNTS.map((count) => [behavior, count] as [RenewalBehavior, number])),
    summary: COUNTS.flatMap((count) => [
      [count, total, perOrder],
      [count, undefined, undefined],
    ]),
    billedOn: DAYS.map((day) => [date(locale, day)]),
    submit: COUNTS.map((count) => [count]),
    successBody: COUNTS.flatMap((count) => [
      [count, total],
      [count, undefined],
    ]),
    nextOrderBills: DAYS.flatMap((day) =>
      COUNTS.flatMap((count) => [
        [date(locale, day), billed, count, undefined] as [string, string, number, string | undefined],
        [date(locale, day), billed, count, charges] as [string, string, number, string | undefined],
      ]),
    ),
    charges: [
      [subTotal, tax, shipping],
      [subTotal, tax, undefined],
      [subTotal, undefined, shipping],
    ],
    nextOrderSubtotal: DAYS.flatMap((day) => COUNTS.map((count) => [date(locale, day), subTotal, count] as [string, string, number])),
    ineligible: INELIGIBLE_REASONS.flatMap((reason) => [
      [reason, PRODUCT_NAME],
      [reason, undefined],
    ]),
    cancelledOn: [[new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 8, 14))]],
    prepaidStatus: statuses(locale).map((status) => [status]),
    nextOrderOn: DAYS.map((day) => [date(locale, day)]),
    failure: FAILURE_KINDS.flatMap((kind) => PHASES.map((phase) => [kind, phase] as [FailureKind, ErrorPhase])),
    refusedChoice: [[textsOf(locale).ordersLegend], [textsOf(locale).manageLegend]],
    // Reasons with nothing more to say are left out: they answer with nothing, and the widget shows nothing then.
    ineligibleNext: INELIGIBLE_REASONS.filter((reason) => reason !== 'already-prepaid').map((reason) => [reason]),
    noneBecause: (['already-prepaid', 'not-live', 'product-not-eligible'] as const).map((reason) => [reason]),
    stateHeading: (['prepaid', 'ineligible', 'picker'] as const).map((state) => [state]),
    saveUpTo: [[percent(locale, 15)], [percent(locale, 12.5)]],
    savings: [[percent(locale, 5)], [percent(locale, 10)]],
    summarySaving: [[price(locale, 67.5), price(locale, 7.5), percent(locale, 10)]],
    renewalChanged: RENEWAL_BEHAVIORS.map((behavior) => [behavior]),
    checking: [['upgrade'], ['renewal']],
    pricePerOrder: [[perOrder]],
    // Alone, and with one order's price.
    shipsEvery: COUNTS.filter((count) => count > 0).flatMap((count) =>
      SHIPPING_UNITS.flatMap((unit): Parameters<Strings['shipsEvery']>[] => [
        [count, unit],
        [count, unit, perOrder],
      ]),
    ),
    uncheckedSubscriptions: COUNTS.filter((count) => count > 0).map((count) => [count]),
  };
}

// ---- checks ------------------------------------------------------------------------------------------------------

/** What a locale misses or adds compared with `reference`: `Object.keys(en)` unless told otherwise. */
function keyDifferences(strings: object, reference: object = en): { missing: string[]; extra: string[] } {
  const expected = Object.keys(reference);
  const actual = Object.keys(strings);
  return {
    missing: expected.filter((key) => !actual.includes(key)),
    extra: actual.filter((key) => !expected.includes(key)),
  };
}

/** Every text a locale produces for the inputs above, labelled with the entry and arguments that produced it. */
function allOutputs(strings: Strings, locale: string): { label: string; text: unknown }[] {
  const inputs: Record<string, unknown[][]> = samples(locale);
  const outputs: { label: string; text: unknown }[] = [];
  for (const key of Object.keys(en)) {
    const entry: unknown = (strings as unknown as Record<string, unknown>)[key];
    if (typeof (en as unknown as Record<string, unknown>)[key] !== 'function') {
      outputs.push({ label: key, text: entry });
      continue;
    }
    expect(entry, `${locale}.${key} is a function`).to.be.a('function');
    const argumentLists = inputs[key];
    expect(argumentLists, `inputs for ${key}`).to.be.an('array').that.is.not.empty;
    for (const args of argumentLists!) {
      outputs.push({ label: `${key}(${JSON.stringify(args)})`, text: (entry as (...args: unknown[]) => unknown)(...args) });
    }
  }
  return outputs;
}

const FORBIDDEN = ['undefined', 'NaN', '[object', '#'];

function problemsIn(outputs: { label: string; text: unknown }[]): string[] {
  const problems: string[] = [];
  for (const { label, text } of outputs) {
    if (typeof text !== 'string') problems.push(`${label}: not a string (${typeof text})`);
    else if (text.trim() === '') problems.push(`${label}: empty`);
    else for (const bad of FORBIDDEN) if (text.includes(bad)) problems.push(`${label}: contains ${bad}: ${text}`);
  }
  return problems;
}

// ---- tests -------------------------------------------------------------------------------------------------------

describe('i18n: the lists of inputs', () => {
  it('name every failure kind, ineligible reason and renewal behaviour (checked by the compiler)', () => {
    expect(failureKindsAreExhaustive).to.equal(true);
    expect(phasesAreExhaustive).to.equal(true);
    expect(ineligibleReasonsAreExhaustive).to.equal(true);
    expect(renewalBehaviorsAreExhaustive).to.equal(true);
    expect(shippingUnitsAreExhaustive).to.equal(true);
    expect(new Set(FAILURE_KINDS).size).to.equal(FAILURE_KINDS.length);
    expect(RENEWAL_BEHAVIORS).to.deep.equal(['autorenew', 'cancel', 'downgrade']);
  });

  it('English passes the same checks as every translation', () => {
    expect(problemsIn(allOutputs(en, 'en'))).to.deep.equal([]);
  });
});

describe('i18n: Object.keys(en) is the single source of truth', () => {
  it('a locale missing an entry is reported', () => {
    const broken: Record<string, unknown> = { ...fr };
    delete broken.heading;
    delete broken.failure;
    expect(keyDifferences(broken)).to.deep.equal({ missing: ['heading', 'failure'], extra: [] });
  });

  it('a locale with an entry English does not have is reported', () => {
    expect(keyDifferences({ ...de, headline: 'Abonnement' })).to.deep.equal({ missing: [], extra: ['headline'] });
  });

  it('an entry added to English is missing from a locale until it is translated', () => {
    expect(keyDifferences(es, { ...en, footnote: 'Terms apply.' })).to.deep.equal({ missing: ['footnote'], extra: [] });
  });

  it('an entry present but undefined does not count as translated', () => {
    const outputs = allOutputs({ ...italian, heading: undefined } as unknown as Strings, 'it');
    expect(problemsIn(outputs)).to.deep.equal(['heading: not a string (undefined)']);
  });
});

/** The languages that group thousands otherwise than English does, in every engine. */
const OWN_GROUPING: Locale[] = ['fr', 'de', 'es', 'it', 'nl', 'pt-BR'];

describe('i18n: numbers as each language writes them, in whichever digits this engine uses', () => {
  // The translations format through Intl and hard-code no digits: an Arabic reader sees the engine's Arabic, which is
  // Western digits in some engines (Chromium, Firefox) and Arabic-Indic ones in others (WebKit).
  it('writes Arabic numbers all in Western or all in Arabic-Indic digits, never a mix', () => {
    const six = format('ar', 6);
    expect(['6', '٦']).to.include(six);
    expect(format('ar', LARGE)).to.match(six === '6' ? /^12\D?345$/u : /^١٢\D?٣٤٥$/u);
    expect(ar.ordersOption(6)).to.include(six);
  });

  it('groups thousands the language’s own way', () => {
    const differing = (Object.keys(LOCALES) as Locale[]).filter((locale) => format(locale, LARGE) !== format('en', LARGE));
    expect(differing).to.include.members(OWN_GROUPING);
    expect(format('ja', LARGE)).to.equal(format('en', LARGE));
  });

  for (const locale of OWN_GROUPING) {
    it(`never writes a large count in ${locale} the English way`, () => {
      const strings = LOCALES[locale];
      expect(strings.ordersOption(LARGE)).to.not.include(format('en', LARGE));
      expect(strings.summary(LARGE, '€1.00', '€2.00')).to.not.include(format('en', LARGE));
    });
  }
});

for (const [locale, strings] of Object.entries(LOCALES) as [Locale, Strings][]) {
  describe(`i18n: ${locale}`, () => {
    const number = (value: number) => format(locale, value);

    it('has exactly the entries of English', () => {
      expect(keyDifferences(strings)).to.deep.equal({ missing: [], extra: [] });
    });

    it('answers every input with a non-empty text without undefined, NaN, [object or a leftover #', () => {
      const outputs = allOutputs(strings, locale);
      expect(outputs.length).to.be.greaterThan(450);
      expect(problemsIn(outputs)).to.deep.equal([]);
    });

    it('is translated, not copied from English', () => {
      expect(strings.heading).to.not.equal(en.heading);
      expect(strings.submit(6)).to.not.equal(en.submit(6));
      expect(strings.failure('network', 'load')).to.not.equal(en.failure('network', 'load'));
      // Every plain text differs too: none was left in English.
      for (const key of Object.keys(en) as (keyof Strings)[]) {
        if (typeof en[key] === 'string') expect(strings[key], key).to.not.equal(en[key]);
      }
      for (const kind of FAILURE_KINDS) {
        for (const phase of PHASES) expect(strings.failure(kind, phase), `${kind}, ${phase}`).to.not.equal(en.failure(kind, phase));
      }
    });

    it('gives every failure kind its own message in each phase', () => {
      for (const phase of PHASES) {
        const messages = FAILURE_KINDS.map((kind) => strings.failure(kind, phase));
        expect(new Set(messages).size, phase).to.equal(FAILURE_KINDS.length);
      }
    });

    it('says first that a write the service did not make was not made, and never says it of one it cannot know', () => {
      for (const phase of ['upgrade', 'renewal'] as const) {
        const lead = strings.failure('server', phase).slice(0, strings.failure('server', phase).indexOf(strings.failure('server', 'load')));
        expect(lead.trim(), phase).to.not.equal('');
        for (const kind of [
          'network',
          'timeout',
          'malformed',
          'badRequest',
          'forbidden',
          'notFound',
          'locked',
          'rateLimited',
          'server',
        ] as const)
          expect(strings.failure(kind, phase), `${kind}, ${phase}`).to.satisfy((text: string) => text.startsWith(lead));
        for (const kind of ['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'] as const)
          expect(strings.failure(kind, phase), `${kind}, ${phase}`).to.not.satisfy((text: string) => text.startsWith(lead));
      }
    });

    it('writes counts as this language formats them', () => {
      expect(strings.ordersOption(6)).to.include(number(6));
      expect(strings.ordersOption(LARGE)).to.include(number(LARGE));
      expect(strings.submit(LARGE)).to.include(number(LARGE));
      expect(strings.summary(LARGE, '€1.00', '€2.00')).to.include(`${number(LARGE)} ×`);
      expect(strings.renewalHint('autorenew', LARGE)).to.include(number(LARGE));
      expect(strings.successBody(LARGE, undefined)).to.include(number(LARGE));
      expect(strings.nextOrderBills(date(locale, DAYS[0]!), '€1.00', LARGE, undefined)).to.include(number(LARGE));
      expect(strings.nextOrderSubtotal(date(locale, DAYS[0]!), '€1.00', LARGE)).to.include(number(LARGE));
      expect(strings.prepaidStatus({ ordersPerBilling: LARGE, ordersRemaining: 12, renewalBehavior: undefined })).to.include(number(LARGE));
      expect(strings.prepaidStatus({ ordersPerBilling: LARGE, ordersRemaining: 0, renewalBehavior: undefined })).to.include(number(LARGE));
      for (const unit of SHIPPING_UNITS) expect(strings.shipsEvery(LARGE, unit)).to.include(number(LARGE));
      expect(strings.uncheckedSubscriptions(LARGE)).to.include(number(LARGE));
    });

    it('uses a form for each plural category of the language', () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      // One representative count per category the language uses; the label without its number shows the word chosen.
      const byCategory = new Map<string, number>();
      for (const count of [0, 1, 2, 3, 11, 100, 1_000_000]) {
        const category = new Intl.PluralRules(locale).select(count);
        if (!byCategory.has(category)) byCategory.set(category, count);
      }
      expect([...byCategory.keys()].sort()).to.deep.equal([...categories].sort());
      const words = [...byCategory.values()].map((count) => strings.ordersOption(count).replace(number(count), '').trim());
      // Arabic writes `zero` and `other` alike (٠ طلب، ١٠٠ طلب); every other category has its own word.
      const expectedDistinct = locale === 'ar' ? categories.length - 1 : categories.length;
      expect(new Set(words).size, words.join(' | ')).to.equal(expectedDistinct);
      // The service's own figure after an upgrade counts its orders with the same care. A date and a price without
      // digits, so that only the count's are taken out.
      const billed = [...byCategory.values()].map((count) =>
        strings.nextOrderBills('DATE', 'TOTAL', count, undefined).replace(number(count), ''),
      );
      expect(new Set(billed).size, billed.join(' | ')).to.equal(expectedDistinct);
      const subTotals = [...byCategory.values()].map((count) =>
        strings.nextOrderSubtotal('DATE', 'TOTAL', count).replace(number(count), ''),
      );
      expect(new Set(subTotals).size, subTotals.join(' | ')).to.equal(expectedDistinct);
      // So do the terms of a prepaid subscription whose cycle starts with its next order.
      const starting = [...byCategory.values()].map((count) =>
        strings.prepaidStatus({ ordersPerBilling: count, ordersRemaining: 0, renewalBehavior: undefined }).replace(number(count), ''),
      );
      expect(new Set(starting).size, starting.join(' | ')).to.equal(expectedDistinct);
    });

    it('says a discounted choice as one sentence: the saving, the amount, the price it replaces and one order’s', () => {
      const [full, discounted, perOrder, saving] = [price(locale, 75), price(locale, 67.5), price(locale, 11.25), percent(locale, 10)];
      const short = date(locale, DAYS[0]!, false);
      const said = strings.ordersChoice(discounted, short, true, { percent: saving, full, perOrder });
      for (const part of [saving, discounted, short, full, perOrder]) expect(said, part).to.include(part);
      // The amount comes before the price it replaces, and one order's comes last, in every language.
      expect(said.indexOf(discounted)).to.be.below(said.indexOf(full));
      expect(said.indexOf(full)).to.be.below(said.indexOf(perOrder));
      expect(said, 'before tax and shipping').to.not.equal(
        strings.ordersChoice(discounted, short, false, { percent: saving, full, perOrder }),
      );
      expect(said).to.not.equal(en.ordersChoice(discounted, short, true, { percent: saving, full, perOrder }));
    });

    it('says a subscription in the picker as one sentence: how often it ships, with one order’s price', () => {
      const perOrder = price(locale, 12.5);
      for (const unit of SHIPPING_UNITS) {
        const said = strings.shipsEvery(4, unit, perOrder);
        expect(said, unit).to.include(strings.shipsEvery(4, unit)).and.include(perOrder);
        expect(said.indexOf(strings.shipsEvery(4, unit))).to.be.below(said.indexOf(perOrder));
      }
    });

    it('inserts prices and the product name as given', () => {
      const total = price(locale, 75);
      const perOrder = price(locale, 12.5);
      expect(strings.ordersChoice(total, undefined, false)).to.include(total);
      expect(strings.summary(6, total, perOrder))
        .to.include(total)
        .and.include(perOrder);
      expect(strings.successBody(6, total)).to.include(total);
      expect(strings.successBody(6, total)).to.not.equal(strings.successBody(6, undefined));
      // The amount after an upgrade is the widget's estimate, and says so: not the words of the service's own figure.
      expect(strings.successBody(6, total)).to.not.equal(strings.nextOrderBills(date(locale, DAYS[0]!), total, 6, undefined));
      expect(strings.summary(6, undefined, undefined)).to.not.equal(strings.summary(6, total, perOrder));
      expect(strings.ineligible('product-not-eligible', PRODUCT_NAME)).to.include(PRODUCT_NAME);
      expect(strings.ineligible('product-not-eligible', undefined)).to.not.include(PRODUCT_NAME);
      expect(strings.ineligible('not-live', PRODUCT_NAME)).to.not.include(PRODUCT_NAME);
    });

    it('inserts the next order’s date, its price and its count as given', () => {
      const total = price(locale, 75);
      const billed = price(locale, 121.38);
      for (const day of DAYS) {
        const short = date(locale, day, false);
        const long = date(locale, day);
        expect(strings.ordersChoice(total, short, false))
          .to.include(total)
          .and.include(short);
        expect(strings.ordersChoice(total, short, false)).to.not.equal(strings.ordersChoice(total, undefined, false));
        expect(strings.billedOn(long)).to.include(long);
        expect(strings.nextOrderOn(long)).to.include(long);
        for (const count of COUNTS) {
          expect(strings.nextOrderBills(long, billed, count, undefined))
            .to.include(long)
            .and.include(billed);
          expect(strings.nextOrderSubtotal(long, billed, count))
            .to.include(long)
            .and.include(billed);
          // The count is written out, except where the language says "one" or "two" with a word (Arabic).
          if (locale !== 'ar' || (count !== 1 && count !== 2)) {
            expect(strings.nextOrderBills(long, billed, count, undefined)).to.include(number(count));
            expect(strings.nextOrderSubtotal(long, billed, count)).to.include(number(count));
          }
        }
      }
      // Each in this language's words, none of them the English one.
      const long = date(locale, DAYS[0]!);
      expect(strings.ordersChoice(total, date(locale, DAYS[0]!, false), false)).to.not.equal(
        en.ordersChoice(total, date(locale, DAYS[0]!, false), false),
      );
      expect(strings.billedOn(long)).to.not.equal(en.billedOn(long));
      expect(strings.nextOrderOn(long)).to.not.equal(en.nextOrderOn(long));
      expect(strings.nextOrderBills(long, billed, 12, undefined)).to.not.equal(en.nextOrderBills(long, billed, 12, undefined));
      expect(strings.nextOrderSubtotal(long, billed, 12)).to.not.equal(en.nextOrderSubtotal(long, billed, 12));
      expect(strings.successBody(12, total)).to.not.equal(en.successBody(12, total));
      // Italian elides the article before a day read with a vowel.
      if (locale === 'it') {
        expect(strings.nextOrderOn(date(locale, DAYS[2]!))).to.equal('Prossimo ordine l’8 gennaio 2027.');
        expect(strings.billedOn(date(locale, DAYS[3]!))).to.include('l’11 novembre 2026');
        expect(strings.ordersChoice(total, date(locale, DAYS[2]!, false), false)).to.equal(`${total} l’8 gennaio.`);
        expect(
          strings.prepaidStatus({ ordersPerBilling: 6, ordersRemaining: 0, renewalBehavior: undefined, nextOrderDate: '8 gennaio' }),
        ).to.include('l’8 gennaio');
      }
    });

    it('says when the amounts are before tax and shipping, and what the next order’s total is made of', () => {
      const total = price(locale, 75);
      const short = date(locale, DAYS[0]!, false);
      const choice = (date: string | undefined, taxed: boolean) => strings.ordersChoice(total, date, taxed);
      expect(choice(undefined, true)).to.include(total).and.not.equal(choice(undefined, false));
      expect(choice(short, true)).to.include(total).and.include(short).and.not.equal(choice(short, false));
      expect(choice(short, true)).to.not.equal(en.ordersChoice(total, short, true));
      expect(strings.beforeTaxAndShipping).to.not.equal(strings.finalPriceNote);

      const [subTotal, tax, shipping] = [price(locale, 67.5), price(locale, 5.4), price(locale, 4.99)];
      const both = strings.charges(subTotal, tax, shipping);
      const taxOnly = strings.charges(subTotal, tax, undefined);
      const shippingOnly = strings.charges(subTotal, undefined, shipping);
      expect(both).to.include(subTotal).and.include(tax).and.include(shipping);
      expect(taxOnly).to.include(subTotal).and.include(tax).and.not.include(shipping);
      expect(shippingOnly).to.include(subTotal).and.include(shipping).and.not.include(tax);
      // Tax and shipping are each named, not told apart by their amounts alone.
      expect(taxOnly.replace(tax, 'AMOUNT')).to.not.equal(shippingOnly.replace(shipping, 'AMOUNT'));
      expect(both).to.not.equal(en.charges(subTotal, tax, shipping));

      const long = date(locale, DAYS[0]!);
      const billed = price(locale, 77.89);
      const withCharges = strings.nextOrderBills(long, billed, 6, both);
      expect(withCharges).to.include(long).and.include(billed).and.include(number(6)).and.include(both);
      expect(withCharges).to.not.equal(strings.nextOrderBills(long, billed, 6, undefined));
      expect(withCharges).to.not.equal(en.nextOrderBills(long, billed, 6, both));
      // An amount before tax and shipping says so: not the words of the total.
      expect(strings.nextOrderSubtotal(long, subTotal, 6)).to.not.equal(strings.nextOrderBills(long, subTotal, 6, undefined));
    });

    it('says a cycle that starts with the next order is billed with it, never that none are left', () => {
      const status = (ordersPerBilling: number, ordersRemaining: number, nextOrderDate?: string, renewalBehavior?: RenewalBehavior) =>
        strings.prepaidStatus({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate });
      // The word is the one this language says the orders left with, so that its absence below tells something.
      expect(status(6, 4)).to.match(LEFT[locale]);
      const days = DAYS.map((day) => date(locale, day, false));
      // Counts and dates without a 0 in them, so that a 0 found is the orders remaining.
      for (const ordersPerBilling of [...COUNTS.filter((count) => !String(count).includes('0')), LARGE]) {
        for (const nextOrderDate of [undefined, ...days]) {
          const text = status(ordersPerBilling, 0, nextOrderDate);
          expect(text, text).to.not.include(number(0)).and.not.match(LEFT[locale]);
          if (locale !== 'ar' || (ordersPerBilling !== 1 && ordersPerBilling !== 2))
            expect(text, text).to.include(number(ordersPerBilling));
          if (nextOrderDate) expect(text).to.include(nextOrderDate).and.not.equal(status(ordersPerBilling, 0));
        }
      }
      expect(status(6, 0, days[0])).to.not.equal(
        en.prepaidStatus({ ordersPerBilling: 6, ordersRemaining: 0, renewalBehavior: undefined, nextOrderDate: days[0] }),
      );
      // What happens when they run out follows, as with orders left.
      for (const nextOrderDate of [undefined, days[0]]) {
        const withRenewal = RENEWAL_BEHAVIORS.map((behavior) => status(6, 0, nextOrderDate, behavior));
        expect(new Set(withRenewal).size).to.equal(RENEWAL_BEHAVIORS.length);
        for (const text of withRenewal) expect(text.startsWith(status(6, 0, nextOrderDate))).to.equal(true);
      }
    });

    it('says what happens for each renewal behaviour, in the status only when it is known', () => {
      const hints = RENEWAL_BEHAVIORS.map((behavior) => strings.renewalHint(behavior, 6));
      expect(new Set(hints).size).to.equal(RENEWAL_BEHAVIORS.length);
      const options = RENEWAL_BEHAVIORS.map((behavior) => strings.renewalOption(behavior));
      expect(new Set(options).size).to.equal(RENEWAL_BEHAVIORS.length);
      const status = (renewalBehavior: RenewalBehavior | undefined) =>
        strings.prepaidStatus({ ordersPerBilling: 6, ordersRemaining: 4, renewalBehavior });
      const withRenewal = RENEWAL_BEHAVIORS.map(status);
      expect(new Set(withRenewal).size).to.equal(RENEWAL_BEHAVIORS.length);
      for (const text of withRenewal) expect(text.startsWith(status(undefined))).to.equal(true);
    });

    it('confirms each renewal change in its own words, and tells an unconfirmed change from an unconfirmed upgrade', () => {
      const confirmations = RENEWAL_BEHAVIORS.map((behavior) => strings.renewalChanged(behavior));
      expect(new Set(confirmations).size).to.equal(RENEWAL_BEHAVIORS.length);
      for (const behavior of RENEWAL_BEHAVIORS)
        expect(strings.renewalChanged(behavior), behavior).to.not.equal(en.renewalChanged(behavior));
      expect(strings.changeUnconfirmed).to.not.equal(strings.failure('unconfirmed', 'upgrade'));
      expect(strings.checking('upgrade')).to.not.equal(strings.checking('renewal'));
      for (const phase of ['upgrade', 'renewal'] as const) expect(strings.checking(phase), phase).to.not.equal(en.checking(phase));
      expect(strings.checkAgain).to.not.equal(strings.retry);
      expect(strings.manageLegend).to.not.equal(strings.renewalLegend);
    });
  });
}
