import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { IssueMarkdown } from './issue-markdown';

const render = (body: string) => renderToStaticMarkup(createElement(IssueMarkdown, { body }));

describe('IssueMarkdown', () => {
  it('renders markdown', () => {
    const html = render('# Title\n\nSome **bold** text and `code`.\n\n- one\n- two');
    expect(html).toContain('<h2');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code');
    expect(html).toContain('<li');
  });

  it('shows the fallback for an empty body', () => {
    expect(render('  \n')).toContain('No description provided.');
  });

  it('drops raw HTML: no script, no event handler, no iframe', () => {
    const html = render(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe> <b onclick="x()">b</b>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|<iframe|<img/i);
    // What sat between the tags is only text now, escaped by React.
    expect(html).toContain('Hi');
  });

  it('never makes a javascript: or data: link', () => {
    const html = render(
      '[click](javascript:alert(1)) and [data](data:text/html,hi) and ![x](javascript:alert(3))',
    );
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('click');
  });

  it('opens links in a new tab without access to this page', () => {
    const html = render('See [the docs](https://example.com/docs).');
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
