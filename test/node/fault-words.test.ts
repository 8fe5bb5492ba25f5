// The sentence the demo's fault panel answers with once a fault is queued (demo/fault-words.ts): grammatical for every
// kind of request, every count, with and without a subscription, carried out or not, at once or late.
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

  it('says when a change carried out late is made, and what it is answered meanwhile or then', () => {
    const late = (answer: string | null, count = 1, carriedOutAfterS = 2.5, target: (typeof FAULT_TARGETS)[number] = 'upgrade') =>
      faultSentence({ target, count, subscriptionId: 'sub_coffee_ada', answer, apply: false, carriedOutAfterS });
    assert.equal(
      late('a 504'),
      'The next upgrade of sub_coffee_ada will get a 504, and be carried out all the same 2.5 s after it arrives.',
    );
    assert.equal(
      late(null),
      'The next upgrade of sub_coffee_ada will be carried out 2.5 s after it arrives, and get the real answer then.',
    );
    assert.equal(
      late(null, 2, 4, 'renewal'),
      'The next 2 renewal changes of sub_coffee_ada will be carried out 4 s after each arrives, and get the real answer then.',
    );
    assert.equal(
      late('a network failure', 3, 0.5),
      'The next 3 upgrades of sub_coffee_ada will get a network failure, and be carried out all the same 0.5 s after each arrives.',
    );
  });

  it('is one well-formed sentence for every choice', () => {
    const shape =
      /^The next (?:(?<count>[2-9]|[1-9]\d+) )?(?<kind>load|next-order read|upgrade|renewal change|request)(?<plural>s?)(?: of sub_\w+)? will (?:(?:get|be carried out, then get) (?:a [^ ,]+|a network failure)(?: instead of the real answer|, and be carried out all the same \d+ s after (?:it|each) arrives)?|be carried out \d+ s after (?:it|each) arrives, and get the real answer then)\.(?: Press “Reload widgets” to see it\.)?$/;
    for (const target of FAULT_TARGETS) {
      for (const count of [1, 2, 10, 50]) {
        for (const subscriptionId of ['', 'sub_coffee_ada']) {
          // What the panel can ask for: a read is neither applied nor carried out late, and only a change carried out
          // late may be answered with the real answer.
          for (const change of isRead(target) ? (['none'] as const) : (['none', 'apply', 'late'] as const)) {
            for (const answer of change === 'late' ? ['a 503', 'a network failure', null] : ['a 503', 'a network failure']) {
              const apply = change === 'apply';
              const sentence = faultSentence({
                target,
                count,
                subscriptionId,
                answer,
                apply,
                ...(change === 'late' ? { carriedOutAfterS: 4 } : {}),
              });
              const match = shape.exec(sentence);
              assert.ok(match, sentence);
              assert.equal(match.groups!.count, count === 1 ? undefined : String(count), sentence);
              assert.equal(match.groups!.plural, count === 1 ? '' : 's', sentence);
              assert.equal(sentence.includes(' of sub_'), subscriptionId !== '', sentence);
              assert.equal(sentence.includes('carried out'), change !== 'none', sentence);
              assert.equal(sentence.includes(' 4 s after'), change === 'late', sentence);
              assert.equal(sentence.includes('the real answer then'), answer === null, sentence);
              assert.equal(sentence.includes('Reload widgets'), isRead(target), sentence);
            }
          }
        }
      }
    }
  });
});
