/**
 * Dates as the service sends them (`calendarDay`): a calendar day of the merchant's, the same day in every time zone,
 * and nothing for what is not a date or a day the month does not have.
 */
import { expect } from '@open-wc/testing';
import { calendarDay } from '../../../src/api/service-date.js';

describe('calendarDay', () => {
  it('reads a date, with or without a time of day, as midnight UTC of that day', () => {
    for (const value of ['2026-12-05', '2026-12-05 00:00:00', '2026-12-05 23:59:59', '2026-12-05T23:59', ' 2026-12-05 ']) {
      expect(calendarDay(value)?.toISOString(), value).to.equal('2026-12-05T00:00:00.000Z');
    }
  });

  it('reads nothing from what is not a date, nor from a day the month does not have', () => {
    for (const value of [undefined, null, '', 'tomorrow', '05/12/2026', '2026-12-05 noon', '2026-02-30', '2026-13-01', '2026-12-5']) {
      expect(calendarDay(value), String(value)).to.equal(undefined);
    }
    expect(calendarDay('2028-02-29')?.toISOString(), 'a leap day').to.equal('2028-02-29T00:00:00.000Z');
    expect(calendarDay('2026-02-29'), 'not a leap year').to.equal(undefined);
  });
});
