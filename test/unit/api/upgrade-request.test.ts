/** What an upgrade asks for (`api/upgrade-request.ts`): the three renewal behaviours, and nothing else taken for one. */
import { expect } from '@open-wc/testing';
import { MIN_ORDERS_PER_BILLING, RENEWAL_BEHAVIORS, isRenewalBehavior } from '../../../src/api/upgrade-request.js';

describe('isRenewalBehavior', () => {
  it('knows the three behaviours the service accepts, in the order the form offers them', () => {
    expect(RENEWAL_BEHAVIORS).to.deep.equal(['autorenew', 'cancel', 'downgrade']);
    for (const behavior of RENEWAL_BEHAVIORS) expect(isRenewalBehavior(behavior), behavior).to.equal(true);
  });

  it('takes nothing else for one: another case, a prototype name, or another type', () => {
    for (const other of ['Autorenew', 'renew', 'toString', '', null, undefined, 0, ['cancel']]) {
      expect(isRenewalBehavior(other), JSON.stringify(other)).to.equal(false);
    }
  });

  it('asks for at least 3 orders per billing, as the service does', () => {
    expect(MIN_ORDERS_PER_BILLING).to.equal(3);
  });
});
