/** How many page buttons the pager shows at most. */
export const MAX_PAGE_BUTTONS = 5;

function assertWholeNumber(value: number, what: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${what} must be an integer of at least ${min}, got ${value}`);
  }
}

/** Pages needed for `totalItems` at `perPage` each; 0 when there is nothing to page through. */
export function totalPages(totalItems: number, perPage: number): number {
  assertWholeNumber(totalItems, 'Total items', 0);
  assertWholeNumber(perPage, 'Items per page', 1);
  return Math.ceil(totalItems / perPage);
}

/**
 * Page numbers for the pager buttons. The product's rule, literally: "up to 5 page buttons
 * starting at current minus 2 (minimum 1)". So the window starts at max(1, current - 2) and runs
 * for 5 pages, cut off at the last page. Near the end this shows fewer than 5 buttons (page 10 of
 * 10 shows 8, 9, 10) rather than sliding back to 6..10: the rule fixes the start, and 'up to 5'
 * allows the shorter window. The current page is always shown with up to two pages before it.
 *
 * `current` outside 1..totalPages (a stale page after a filter shrank the list) is clamped into
 * range, so the window always contains a real page. No pages gives no buttons.
 */
export function paginationWindow(current: number, pageCount: number): number[] {
  assertWholeNumber(current, 'Current page', Number.MIN_SAFE_INTEGER);
  assertWholeNumber(pageCount, 'Total pages', 0);
  if (pageCount === 0) return [];
  const page = Math.min(Math.max(current, 1), pageCount);
  const start = Math.max(1, page - 2);
  const end = Math.min(pageCount, start + MAX_PAGE_BUTTONS - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
