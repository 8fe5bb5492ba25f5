import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

// Solid compiles its JSX itself, with Babel: the plugin takes this app's .tsx files only (Oxc still strips their types).
export default defineConfig({
  plugins: [solid({ include: `${import.meta.dirname}/**/*.tsx` })],
});
