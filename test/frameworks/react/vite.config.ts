import { defineConfig } from 'vite';

// React 19 needs no plugin to build: Vite compiles JSX for React by default.
export default defineConfig({});
