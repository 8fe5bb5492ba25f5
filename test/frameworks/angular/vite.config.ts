import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import angular from '@analogjs/vite-plugin-angular';

// Angular's compiler (AOT) in Vite, through Analog's plugin, with this folder's tsconfig.json. The plugin skips
// type-checking by default; this build is the Angular app's type check (strictTemplates), so it is turned on.
export default defineConfig({
  plugins: [angular({ tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)), disableTypeChecking: false })],
});
