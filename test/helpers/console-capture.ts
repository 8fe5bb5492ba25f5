/**
 * Records what the element says on the console (`console.warn`, `console.error`) during each test of the suite this
 * is called in, instead of printing it. The arrays are the same for the whole suite, emptied before each test.
 */
export function captureConsole(): { warnings: string[]; errors: string[] } {
  const seen = { warnings: [] as string[], errors: [] as string[] };
  const { warn, error } = console;
  beforeEach(() => {
    seen.warnings.length = 0;
    seen.errors.length = 0;
    console.warn = (...args: unknown[]) => seen.warnings.push(args.join(' '));
    console.error = (...args: unknown[]) => seen.errors.push(args.join(' '));
  });
  afterEach(() => {
    console.warn = warn;
    console.error = error;
  });
  return seen;
}
