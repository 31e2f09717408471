import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { loadMarkdown } from '../hooks/use-markdown';
import { IssueExcerpt } from './issue-excerpt';
import { IssueMarkdown } from './issue-markdown';

// One test: the pipeline is a module-wide download, loaded once per file.
describe('IssueMarkdown and IssueExcerpt load the markdown pipeline on first use', () => {
  it('stand in for the text until it has arrived, then render it', async () => {
    const body = 'It **breaks** on <script>alert(1)</script>save';
    const markdown = () => renderToStaticMarkup(createElement(IssueMarkdown, { body }));
    const excerpt = () =>
      renderToStaticMarkup(createElement(IssueExcerpt, { body, className: 'line-clamp-3' }));

    expect(markdown()).toContain('Loading the description...');
    expect(markdown()).not.toContain('breaks');
    expect(excerpt()).toMatch(/^<span aria-hidden="true"[^>]*><\/span>$/);

    await loadMarkdown();
    expect(markdown()).toContain('<strong>breaks</strong>');
    expect(markdown()).not.toContain('alert(1)');
    expect(excerpt()).toBe(
      '<p class="text-sm text-muted-foreground line-clamp-3">It breaks on save</p>',
    );
  });

  it('an excerpt of a body without text is the fallback given, or nothing', async () => {
    await loadMarkdown();
    const excerpt = (empty?: string) =>
      renderToStaticMarkup(createElement(IssueExcerpt, { body: '<script>x()</script>', empty }));
    expect(excerpt()).toBe('');
    expect(excerpt('No description provided.')).toContain('No description provided.');
  });
});
