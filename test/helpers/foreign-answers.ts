/**
 * Answers the page's requests whose address `matches` with `answer()` instead of sending them, until `restore()`, and
 * sends every other request as it is. It stands for what only something in front of the service sends, such as the
 * HTML page of a proxy or a CDN, which the sandbox, serving JSON only, never does.
 */
export function answerInstead(matches: (url: URL) => boolean, answer: () => Response): { answered(): number; restore(): void } {
  const pageFetch = window.fetch;
  let answered = 0;
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!matches(url)) return pageFetch(input, init);
    answered++;
    return Promise.resolve(answer());
  };
  return { answered: () => answered, restore: () => void (window.fetch = pageFetch) };
}

/** A page of a proxy in front of the service, in place of its JSON. */
export const htmlPage = (status: number, html = '<!doctype html><title>Down for maintenance</title>', contentType = 'text/html') =>
  new Response(html, { status, headers: { 'content-type': contentType } });
