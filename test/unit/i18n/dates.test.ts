import { expect } from '@open-wc/testing';
import { formatServiceDate, unbroken } from '../../../src/i18n/dates.js';

describe('formatServiceDate', () => {
  it("shows the service's date in the customer's language, without a time of day, never broken across lines", () => {
    expect(formatServiceDate('2026-09-14 10:22:05', 'en')).to.equal('September\u00a014,\u00a02026');
    expect(formatServiceDate('2026-09-14', 'de-DE')).to.equal('14.\u00a0September\u00a02026');
    expect(formatServiceDate('2026-09-14 23:59:59', 'ja')).to.equal('2026年9月14日');
  });
  it('keeps the calendar date whatever the time zone of the browser', () => {
    expect(formatServiceDate('2026-01-01 00:00:00', 'en')).to.equal('January\u00a01,\u00a02026');
  });
  it('knows leap years', () => {
    expect(formatServiceDate('2028-02-29T08:00', 'en')).to.equal('February\u00a029,\u00a02028');
  });
  it('gives nothing for what is not a date', () => {
    for (const value of [
      null,
      undefined,
      '',
      'yesterday',
      '2026-13-01',
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-01-00',
      '14/09/2026',
    ]) {
      expect(formatServiceDate(value, 'en'), String(value)).to.equal(undefined);
    }
  });
});

describe('unbroken: an amount or a date as one piece of a sentence', () => {
  it('keeps it on one line, and in right-to-left text isolates it from what surrounds it', () => {
    expect(unbroken('December 6', 'en')).to.equal('December\u00a06');
    expect(unbroken('US$ 12.50', 'ar-EG')).to.equal('\u2068US$\u00a012.50\u2069');
    expect(unbroken('6 décembre', 'fr')).to.equal('6\u00a0décembre');
  });
});
