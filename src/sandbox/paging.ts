/**
 * Cursor paging as `GET /customers` does it (spec §4.1): `{ results, paging: { next } }`, where `next` is the
 * absolute address of the following page with a `cursor` query parameter, and `null` on the last page.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

interface PageBody<T> {
  results: T[];
  paging: { next: string | null };
}

type PageResult<T> = { ok: true; body: PageBody<T> } | { ok: false; detail: string };

// The cursor is opaque to clients: base64url of a position, so that nobody is tempted to build one by hand.
const encodeCursor = (offset: number) => btoa(`offset:${offset}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
  const match = /^offset:(0|[1-9]\d{0,8})$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

function parseLimit(value: string | null): number | undefined {
  if (value === null) return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,4}$/.test(value)) return undefined;
  const limit = Number(value);
  return limit >= 1 && limit <= MAX_PAGE_SIZE ? limit : undefined;
}

/** One page of `items`, read from the `limit` and `cursor` of the request address `url`. */
export function paginate<T>(items: readonly T[], url: URL): PageResult<T> {
  const limit = parseLimit(url.searchParams.get('limit'));
  if (limit === undefined) return { ok: false, detail: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` };
  const cursor = url.searchParams.get('cursor');
  const offset = cursor === null ? 0 : decodeCursor(cursor);
  if (offset === undefined) return { ok: false, detail: 'Invalid cursor.' };
  const end = offset + limit;
  let next: string | null = null;
  if (end < items.length) {
    const nextUrl = new URL(url);
    nextUrl.searchParams.set('cursor', encodeCursor(end));
    next = nextUrl.href;
  }
  return { ok: true, body: { results: items.slice(offset, end), paging: { next } } };
}
