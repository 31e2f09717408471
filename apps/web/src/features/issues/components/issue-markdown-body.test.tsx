import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { IssueMarkdownBody } from './issue-markdown-body';

const render = (body: string) => renderToStaticMarkup(createElement(IssueMarkdownBody, { body }));

describe('IssueMarkdownBody', () => {
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
    expect(html).toContain('Hi');
    // A script's or stylesheet's text is not prose: nothing of it is shown.
    expect(html).not.toContain('alert(1)');
    expect(render('<style>body { display: none }</style>Styled')).not.toContain('display');
    expect(render('<script>window.xss=1</script>Fix it')).toMatch(/^(?!.*window\.xss).*Fix it/s);
  });

  it('renders the HTML GitHub allows, without its attributes that could run code', () => {
    const html = render('<details><summary>Logs</summary>\n\nIt <kbd>Ctrl</kbd> fails</details>');
    expect(html).toContain('<details>');
    expect(html).toContain('<summary>Logs</summary>');
    expect(html).toContain('<kbd>Ctrl</kbd>');
  });

  it('renders GitHub flavoured tables, task lists and strikethrough', () => {
    const html = render(
      '| Step | Done |\n| --- | --- |\n| Build | yes |\n\n- [x] write it\n- [ ] test it\n\n~~old~~',
    );
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*>Step<\/th>.*<td[^>]*>Build<\/td>/s);
    expect(html).not.toContain('| Step |');
    const boxes = html.match(/<input[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => box.includes('type="checkbox"') && box.includes('disabled'))).toBe(
      true,
    );
    expect(boxes.map((box) => box.includes('checked'))).toEqual([true, false]);
    expect(html).not.toContain('[x]');
    expect(html).toContain('<del>old</del>');
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
