// The performance budgets, checked against figures the benchmark measures in this same run (on the built bundles:
// `npm test` builds first).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { formatFigures, measureSize, runBench, type BenchFigures } from '../../bench/bench.js';
import { BUDGETS } from '../../bench/budgets.js';

const bundle = await measureSize('prepaid-upgrade.js');
const classicBundle = await measureSize('prepaid-upgrade.iife.js');
const discoveryChunk = await measureSize('discovery.js');

describe('performance budgets', () => {
  let figures: BenchFigures;
  before(async () => {
    figures = await runBench();
    console.log(formatFigures(figures));
  });

  it(`keeps dist/prepaid-upgrade.js within ${BUDGETS.scriptBundleBrotliBytes} bytes brotli`, () => {
    assert.ok(bundle.brotli <= BUDGETS.scriptBundleBrotliBytes, `dist/prepaid-upgrade.js is ${bundle.brotli} bytes brotli`);
  });

  // The budget names the module; the classic script carries the same code and is held to it too.
  it(`keeps dist/prepaid-upgrade.iife.js within ${BUDGETS.scriptBundleBrotliBytes} bytes brotli`, () => {
    assert.ok(
      classicBundle.brotli <= BUDGETS.scriptBundleBrotliBytes,
      `dist/prepaid-upgrade.iife.js is ${classicBundle.brotli} bytes brotli`,
    );
  });

  it(`keeps dist/discovery.js within ${BUDGETS.discoveryChunkBrotliBytes} bytes brotli`, () => {
    assert.ok(discoveryChunk.brotli <= BUDGETS.discoveryChunkBrotliBytes, `dist/discovery.js is ${discoveryChunk.brotli} bytes brotli`);
  });

  it(`keeps our own code in dist/prepaid-upgrade.js within ${BUDGETS.ownCodeBrotliBytes} bytes brotli`, () => {
    const { whole, ours, litCore, litHtml, task } = figures.parts;
    assert.equal(whole, bundle.brotli, 'the parts are measured on the bundle that dist/ holds');
    for (const [part, bytes] of Object.entries({ ours, litCore, litHtml, task })) assert.ok(bytes > 0, `${part}: ${bytes} bytes`);
    assert.ok(ours <= BUDGETS.ownCodeBrotliBytes, `our own code is ${ours} bytes brotli`);
  });

  it('renders a placeholder synchronously on connection', () => {
    assert.equal(figures.placeholderOnConnection, true);
  });

  it('is ready one request round trip after the subscription arrives', () => {
    assert.equal(figures.requestsBeforeReady, BUDGETS.requestsBeforeReady);
  });

  it('upgrades with one more request', () => {
    assert.equal(figures.requestsBeforeSuccess, BUDGETS.requestsBeforeSuccess);
  });

  it(`runs no task over ${BUDGETS.longestTaskMs} ms on the main thread`, () => {
    assert.equal(figures.longTasks.count, 0, `longest task ${figures.longTasks.longestMs} ms`);
  });

  it(`grows the heap by less than ${BUDGETS.heapGrowthBytes} bytes over 1,000 mount/unmount cycles`, () => {
    assert.ok(figures.heapGrowthBytes < BUDGETS.heapGrowthBytes, `grew by ${figures.heapGrowthBytes} bytes`);
  });
});
