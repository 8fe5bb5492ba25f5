import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  // The tag is a custom element, not a Vue component to resolve: Vue then renders it as is, setting a value as a
  // property when the element has it (tokenProvider, strings) and as an attribute otherwise (subscription-id).
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'prepaid-upgrade' } } })],
});
