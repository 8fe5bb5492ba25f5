import { defineConfig } from 'vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // The Svelte options live here, not in a svelte.config.js: `configFile: false` stops the plugin looking for one.
  plugins: [svelte({ configFile: false, preprocess: vitePreprocess() })],
});
