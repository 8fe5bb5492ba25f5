import { defineConfig } from 'vite';

// Preact needs no plugin to build: Vite's Oxc compiles the JSX, given Preact's automatic runtime (each file also says
// so with its @jsxImportSource pragma, for TypeScript).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
