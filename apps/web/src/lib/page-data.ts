import type { Parser } from './api/parse';

/** What a page's data blocks are read from: the document, or a stand-in in tests. */
export type PageWithData = Pick<Document, 'getElementById'>;

/**
 * The value the server wrote into the page as the `<script type="application/json">` element
 * `id` (apps/server's spa.ts), read before the app's first render. Undefined when the page
 * carries none (Vite's dev server, a page sent without it) or one `schema` does not accept (a
 * warning names `what`): the app then asks the API, as it would without the page's copy.
 */
export function readPageData<T>(
  page: PageWithData,
  id: string,
  schema: Parser<T>,
  what: string,
): T | undefined {
  const text = page.getElementById(id)?.textContent;
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn(`Unreadable ${what} in the page`, error);
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`Unreadable ${what} in the page`, parsed.error);
  return undefined;
}
