import type { PageWithData } from '@/lib/page-data';

/**
 * A page (lib/page-data.ts's stand-in for the document) whose data block `id` holds `text`, or
 * that has none when `text` is undefined.
 */
export const pageWithData = (id: string, text?: string): PageWithData => ({
  getElementById: (asked: string) =>
    asked === id && text !== undefined ? ({ textContent: text } as HTMLElement) : null,
});
