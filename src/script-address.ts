/**
 * The address of the running script bundle, against which it finds the files it loads on demand (`i18n/<language>.js`,
 * `discovery.js`): a classic script knows its own address only while it runs for the first time, a module always.
 */
export const scriptAddress = (document.currentScript as HTMLScriptElement | null)?.src || import.meta.url;

/** Imports a file that sits next to the script bundle. */
export const importBeside = <T>(path: string): Promise<T> => import(/* @vite-ignore */ new URL(path, scriptAddress).href);
