import { expect } from '@open-wc/testing';
import { formatServiceDate } from '../../src/element/dates.js';

describe('formatServiceDate', () => {
  it("shows the service's date in the customer's language, without a time of day", () => {
    expect(formatServiceDate('2026-09-14 10:22:05', 'en')).to.equal('September 14, 2026');
    expect(formatServiceDate('2026-09-14', 'de-DE')).to.equal('14. September 2026');
    expect(formatServiceDate('2026-09-14 23:59:59', 'ja')).to.equal('2026年9月14日');
  });
  it('keeps the calendar date whatever the time zone of the browser', () => {
    expect(formatServiceDate('2026-01-01 00:00:00', 'en')).to.equal('January 1, 2026');
  });
  it('knows leap years', () => {
    expect(formatServiceDate('2028-02-29T08:00', 'en')).to.equal('February 29, 2028');
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
