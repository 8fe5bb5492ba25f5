/** The element's console lines (`ConsoleLines`): each names its element, and a warning is said once where asked. */
import { expect } from '@open-wc/testing';
import { ConsoleLines } from '../../../src/element/console-lines.js';
import { captureConsole } from '../../helpers/console-capture.js';

describe('ConsoleLines', () => {
  const { warnings, errors } = captureConsole();

  it('names the element in each warning and error, as it is named when the line is said', () => {
    let name = '<prepaid-upgrade>';
    const lines = new ConsoleLines(() => name);
    lines.warn('first');
    name = '<prepaid-upgrade subscription-id="sub_1">';
    lines.error('second');
    expect(warnings).to.deep.equal(['<prepaid-upgrade>: first']);
    expect(errors).to.deep.equal(['<prepaid-upgrade subscription-id="sub_1">: second']);
  });

  it('says a warning as often as it is asked to by warn, and once by warnOnce', () => {
    const lines = new ConsoleLines(() => 'w');
    lines.warn('again');
    lines.warn('again');
    lines.warnOnce('once');
    lines.warnOnce('once');
    lines.warnOnce('other');
    expect(warnings).to.deep.equal(['w: again', 'w: again', 'w: once', 'w: other']);
  });

  it('tells the first time a message comes up from the others, for each element apart', () => {
    const one = new ConsoleLines(() => 'one');
    const two = new ConsoleLines(() => 'two');
    expect(one.first('m')).to.equal(true);
    expect(one.first('m')).to.equal(false);
    expect(two.first('m'), 'another element').to.equal(true);
    one.warnOnce('m');
    expect(warnings, 'said by first already').to.deep.equal([]);
  });
});
