// The sentence the demo's fault panel answers with once a fault is queued (demo/fault-words.ts): grammatical for every
// kind of request, every count, with and without a subscription, carried out or not.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FAULT_TARGETS, faultSentence, isRead } from '../../demo/fault-words.js';

describe('the fault panel’s sentence', () => {
  it('names one request, or how many, of the kind chosen', () => {
    const sentence = (target: (typeof FAULT_TARGETS)[number], count: number, subscriptionId = 'sub_coffee_ada', apply = false) =>
      faultSentence({ target, count, subscriptionId, answer: 'a 401', apply });
    assert.equal(sentence('load', 10), 'The next 10 loads of sub_coffee_ada will get a 401. Press “Reload widgets” to see it.');
    assert.equal(sentence('load', 1), 'The next load of sub_coffee_ada will get a 401. Press “Reload widgets” to see it.');
    assert.equal(sentence('orders', 3, ''), 'The next 3 next-order reads will get a 401. Press “Reload widgets” to see it.');
    assert.equal(sentence('upgrade', 2), 'The next 2 upgrades of sub_coffee_ada will get a 401.');
    assert.equal(sentence('upgrade', 1, '', true), 'The next upgrade will be carried out, then get a 401 instead of the real answer.');
    assert.equal(sentence('renewal', 5), 'The next 5 renewal changes of sub_coffee_ada will get a 401.');
    assert.equal(sentence('any', 1, ''), 'The next request will get a 401.');
    assert.equal(sentence('any', 50, ''), 'The next 50 requests will get a 401.');
  });

  it('is one well-formed sentence for every choice', () => {
    const shape =
      /^The next (?:(?<count>[2-9]|[1-9]\d+) )?(?<kind>load|next-order read|upgrade|renewal change|request)(?<plural>s?)(?: of sub_\w+)? will (?:get|be carried out, then get) (?:a [^ ]+|a network failure)(?: instead of the real answer)?\.(?: Press “Reload widgets” to see it\.)?$/;
    for (const target of FAULT_TARGETS) {
      for (const count of [1, 2, 10, 50]) {
        for (const subscriptionId of ['', 'sub_coffee_ada']) {
          for (const apply of isRead(target) ? [false] : [false, true]) {
            for (const answer of ['a 503', 'a network failure']) {
              const sentence = faultSentence({ target, count, subscriptionId, answer, apply });
              const match = shape.exec(sentence);
              assert.ok(match, sentence);
              assert.equal(match.groups!.count, count === 1 ? undefined : String(count), sentence);
              assert.equal(match.groups!.plural, count === 1 ? '' : 's', sentence);
              assert.equal(sentence.includes(' of sub_'), subscriptionId !== '', sentence);
              assert.equal(sentence.includes('carried out'), apply, sentence);
              assert.equal(sentence.includes('Reload widgets'), isRead(target), sentence);
            }
          }
        }
      }
    }
  });
});
