/**
 * The two listing shapes of the service (docs/service.md#listings), over one way of cutting a list into pages:
 *
 * - The default shape is `{ results, paging: { next } }`, paged by `limit` and an opaque `cursor`. `next` is the
 *   absolute address of the following page, and `null` on the last page.
 * - Production's shape, when the request carries `X-OG-API-VERSION: 2`, is `{ next, previous, results }` at the top
 *   level. It is paged by `page_size` and a `page` number, as Django REST framework's page-number paging does it.
 *   `next` and `previous` are absolute addresses, and `null` at either end. `limit` and `cursor` mean nothing in this
 *   shape.
 *
 * Both keep the request's other query parameters, such as `live=true`, in the addresses they give, so that following
 * them lists the same thing.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The request header that asks for production's listing shape, and the one value of it that does. */
export const API_VERSION_HEADER = 'X-OG-API-VERSION';
export const PAGE_NUMBER_API_VERSION = '2';

export interface CursorPage<T> {
  results: T[];
  paging: { next: string | null };
}

export interface NumberedPage<T> {
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * A page, or the refusal of a request for one. A page size out of bounds, or a cursor that the sandbox did not issue,
 * gets a 400. A page number that is not one of the list's pages gets a 404, as Django REST framework answers.
 */
type PageResult<Page> = { ok: true; body: Page } | { ok: false; status: 400 | 404; detail: string };

/** The `size` items from `offset` on, and whether any come after them. This is the one place where a list is cut. */
function cut<T>(items: readonly T[], offset: number, size: number): { results: T[]; more: boolean } {
  return { results: items.slice(offset, offset + size), more: offset + size < items.length };
}

/** The request address with one query parameter set to `value`, or removed when it is null. */
function addressWith(url: URL, name: string, value: string | number | null): string {
  const address = new URL(url);
  if (value === null) address.searchParams.delete(name);
  else address.searchParams.set(name, String(value));
  return address.href;
}

/**
 * A page size from the query (`limit` or `page_size`). When absent, it is the default. Otherwise it must be a whole
 * number from 1 to 100.
 */
function parsePageSize(value: string | null): number | undefined {
  if (value === null) return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,4}$/.test(value)) return undefined;
  const size = Number(value);
  return size >= 1 && size <= MAX_PAGE_SIZE ? size : undefined;
}

const pageSizeRefusal = (name: string) =>
  ({ ok: false, status: 400, detail: `${name} must be a whole number from 1 to ${MAX_PAGE_SIZE}.` }) as const;

// The cursor is opaque to clients. It is base64url of a position, so that nobody is tempted to build one by hand.
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

/** The default shape's page of `items`, read from the `limit` and `cursor` of the request address `url`. */
function cursorPage<T>(items: readonly T[], url: URL): PageResult<CursorPage<T>> {
  const limit = parsePageSize(url.searchParams.get('limit'));
  if (limit === undefined) return pageSizeRefusal('limit');
  const cursor = url.searchParams.get('cursor');
  const offset = cursor === null ? 0 : decodeCursor(cursor);
  if (offset === undefined) return { ok: false, status: 400, detail: 'Invalid cursor.' };
  const { results, more } = cut(items, offset, limit);
  return { ok: true, body: { results, paging: { next: more ? addressWith(url, 'cursor', encodeCursor(offset + limit)) : null } } };
}

/**
 * Production's page of `items`, read from the `page_size` and `page` of the request address `url`. As in Django REST
 * framework, the first page always exists, and it is empty for an empty list. Any other `page` that is not one of the
 * list's pages is a 404 `{"detail": "Invalid page."}`. The first page's address is the request's address without
 * `page`. Unlike Django REST framework, the sandbox refuses a `page_size` out of bounds rather than quietly replacing
 * it, so that a client's mistake shows.
 */
function numberedPage<T>(items: readonly T[], url: URL): PageResult<NumberedPage<T>> {
  const size = parsePageSize(url.searchParams.get('page_size'));
  if (size === undefined) return pageSizeRefusal('page_size');
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const asked = url.searchParams.get('page') ?? '1';
  const page = /^\d{1,9}$/.test(asked) ? Number(asked) : 0;
  if (page < 1 || page > pageCount) return { ok: false, status: 404, detail: 'Invalid page.' };
  const { results, more } = cut(items, (page - 1) * size, size);
  const next = more ? addressWith(url, 'page', page + 1) : null;
  const previous = page === 1 ? null : addressWith(url, 'page', page === 2 ? null : page - 1);
  return { ok: true, body: { next, previous, results } };
}

/**
 * One page of `items` for the request at `url` with `headers`. It has production's shape when the request asks for it
 * with `X-OG-API-VERSION: 2`, and the default shape otherwise, for any other value too.
 */
export function paginate<T>(items: readonly T[], url: URL, headers: Headers): PageResult<CursorPage<T> | NumberedPage<T>> {
  return headers.get(API_VERSION_HEADER) === PAGE_NUMBER_API_VERSION ? numberedPage(items, url) : cursorPage(items, url);
}
