import { use, useEffect } from 'react';
import { lazyModule } from '@/lib/lazy-module';

// A type-only import: erased from the build, so the chunk stays lazy.
import type * as MarkdownChunk from '../components/markdown-chunk';

type MarkdownModule = typeof MarkdownChunk;

/**
 * Downloads the markdown pipeline once (components/markdown-chunk.ts). A failed download is
 * forgotten, so the next screen that needs it tries again.
 */
export const loadMarkdown = lazyModule<MarkdownModule>(
  () => import('../components/markdown-chunk'),
);

/**
 * The markdown pipeline, for a component that renders an issue's text: it suspends until the
 * pipeline has arrived, so it belongs inside a <Suspense> of its own (IssueMarkdown and
 * IssueExcerpt have one), never the page's.
 */
export function useMarkdown(): MarkdownModule {
  return loadMarkdown.loaded() ?? use(loadMarkdown());
}

/**
 * Starts the download as a screen that will show issue text mounts, while its data loads, so
 * its excerpts rarely wait for the code.
 */
export function usePreloadMarkdown(): void {
  useEffect(() => {
    // A failure shows where the text is rendered (useMarkdown), not here.
    loadMarkdown().catch(() => undefined);
  }, []);
}
