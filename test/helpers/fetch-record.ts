/**
 * Records the address of every request the page sends through `fetch`, sending each on as it is, until `restore()`:
 * for tests about where requests go, and when.
 */
export function recordFetches(): { addresses: string[]; restore(): void } {
  const addresses: string[] = [];
  const pageFetch = window.fetch;
  window.fetch = (input, init) => {
    addresses.push(input instanceof Request ? input.url : String(input));
    return pageFetch(input, init);
  };
  return { addresses, restore: () => void (window.fetch = pageFetch) };
}
