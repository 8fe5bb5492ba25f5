/**
 * The address of the running script bundle. The bundle finds the files that it loads on demand, `i18n/<language>.js`
 * and `discovery.js`, next to this address. A classic script knows its own address only while it runs for the first
 * time, so the address is read then. A module always knows it.
 */
export const scriptAddress = (document.currentScript as HTMLScriptElement | null)?.src || import.meta.url;

/** Imports a file that sits next to the script bundle. */
export const importBeside = <T>(path: string): Promise<T> => import(/* @vite-ignore */ new URL(path, scriptAddress).href);
