/**
 * How long each browser test file takes, in the engines whose files the browser suite splits between runners
 * (test/browser-suite.ts). The suite splits them into parts of about the same time, from the seconds kept in
 * test/browser-file-seconds.json. A test file's length says little of its time: some files wait on real timers, others
 * run axe in every state.
 *
 * Each runner notes how long each of its files took (`fileSecondsReporter`), and `npm run test:browser --
 * --record-seconds` writes the run's figures into that file, to be committed when the test files have changed much.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter } from '@web/test-runner';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));

/** Seconds per test file (its path from the project's folder), per engine. */
export type FileSeconds = Record<string, Record<string, number>>;

/** The figures the suite splits by. */
export const recordedSecondsFile = fileURLToPath(new URL('../browser-file-seconds.json', import.meta.url));

/** Where a runner notes the seconds of the files of one part of an engine's run. */
export const runnerSecondsFile = (engine: string, part: number) =>
  fileURLToPath(new URL(`../../test-results/file-seconds-${engine}-${part}.json`, import.meta.url));

/**
 * Notes each test file's seconds and writes them to `file` when the run ends. A runner that takes one file at a time
 * reports each file as it ends, so the time since the last report is that file's.
 */
export function fileSecondsReporter(file: string): Reporter {
  const seconds: Record<string, number> = {};
  let last = performance.now();
  return {
    onTestRunStarted() {
      last = performance.now();
    },
    reportTestFileResults({ testFile }) {
      const now = performance.now();
      seconds[relative(projectDir, testFile)] = Math.round((now - last) / 100) / 10;
      last = now;
    },
    async stop() {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(seconds, null, 1)}\n`);
    },
  };
}

/** The figures of `file`: the recorded ones (`FileSeconds`), or a runner's (seconds per file); none when it is missing. */
export async function readFileSeconds<Figures extends FileSeconds | Record<string, number> = FileSeconds>(file: string): Promise<Figures> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Figures;
  } catch {
    return {} as Figures;
  }
}
