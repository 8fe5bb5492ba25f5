/**
 * Pictures compared pixel by pixel with their baselines, for the screenshot tests: screenshots.test.ts (the widget in
 * every theme and state) and demo-pages.test.ts (the demo's pages). With UPDATE_SCREENSHOTS=1 each picture is written
 * as its baseline instead (then look at them before committing). A mismatch leaves the actual picture and a diff, with
 * the differing pixels in red, in the suite's folder of test-results/.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
export const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';

/**
 * pixelmatch's per-pixel colour threshold (0 to 1), and the share of pixels allowed to differ beyond it. Repeated runs
 * on one machine differ by at most a few anti-aliased pixels of the Arabic text (10 of 409,000 at threshold 0, none
 * from 0.02 up). At 0.05 a darker card border or a slightly lighter accent still counts (0.1 would let both through),
 * and 0.02% of the picture (30 to 100 pixels) is less than a glyph's worth of moved text.
 */
const PIXEL_THRESHOLD = 0.05;
const MAX_DIFFERING_SHARE = 0.0002;

export interface Baselines {
  /** Before the first picture: empties the suite's results folder, so that only this run's mismatches are left there. */
  prepare(): Promise<void>;
  /** Compares `actual`, a PNG, with the baseline `<name>.png` (`name` may name a subfolder), or writes it as that. */
  expectMatch(actual: Buffer, name: string): Promise<void>;
}

/**
 * The baselines of `baselineDir` and the results folder `resultsDir`; `updateCommand` is what a failure tells to run
 * when a baseline is missing.
 */
export function baselines(baselineDir: string, resultsDir: string, updateCommand: string): Baselines {
  const shown = (file: string) => relative(projectDir, file);
  return {
    async prepare() {
      await rm(resultsDir, { recursive: true, force: true });
    },

    async expectMatch(actual, name) {
      const baselinePath = join(baselineDir, `${name}.png`);
      if (UPDATE) {
        await mkdir(dirname(baselinePath), { recursive: true });
        await writeFile(baselinePath, actual);
        return;
      }
      const baseline = await readFile(baselinePath).catch(() => undefined);
      const keep = async () => {
        const actualPath = join(resultsDir, `${name}-actual.png`);
        await mkdir(dirname(actualPath), { recursive: true });
        await writeFile(actualPath, actual);
        return actualPath;
      };
      if (!baseline) {
        const actualPath = await keep();
        assert.fail(`no baseline ${shown(baselinePath)}: run \`${updateCommand}\` (this run's picture: ${shown(actualPath)})`);
      }
      const expected = PNG.sync.read(baseline);
      const got = PNG.sync.read(actual);
      if (expected.width !== got.width || expected.height !== got.height) {
        const actualPath = await keep();
        assert.fail(
          `${name}: ${got.width}×${got.height} px, the baseline ${shown(baselinePath)} is ${expected.width}×${expected.height} px; see ${shown(actualPath)}`,
        );
      }
      const { width, height } = expected;
      const diff = new PNG({ width, height });
      const differing = pixelmatch(expected.data, got.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
      if (differing / (width * height) > MAX_DIFFERING_SHARE) {
        const actualPath = await keep();
        const diffPath = join(resultsDir, `${name}-diff.png`);
        await writeFile(diffPath, PNG.sync.write(diff));
        assert.fail(
          `${name}: ${differing} of ${width * height} pixels differ from ${shown(baselinePath)} (at most ` +
            `${Math.floor(width * height * MAX_DIFFERING_SHARE)} may); see ${shown(actualPath)} and ${shown(diffPath)}`,
        );
      }
    },
  };
}
