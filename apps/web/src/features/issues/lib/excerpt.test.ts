import { describe, expect, it } from 'vitest';

import { issueExcerpt } from './excerpt';

describe('issueExcerpt', () => {
  it('keeps short plain text as it is', () => {
    expect(issueExcerpt('The button is misaligned.')).toBe('The button is misaligned.');
    expect(issueExcerpt('')).toBe('');
  });

  it('drops markdown marks, link addresses, comments and tags', () => {
    const body = [
      '<!-- issue template -->',
      '## Bug',
      'The **save** button in [settings](https://example.com/x) fails.',
      '- step `one`',
      '```js',
      'console.log(1)',
      '```',
      '<img src="x" onerror="alert(1)">',
    ].join('\n');
    expect(issueExcerpt(body)).toBe('Bug The save button in settings fails. step one');
  });

  it('shows nothing of a script or stylesheet, as the sanitised page shows nothing of them', () => {
    expect(issueExcerpt('<script>window.xss=1</script>Fix it')).toBe('Fix it');
    expect(issueExcerpt('Hi <script>alert(1)</script>there <style>p{}</style>now')).toBe(
      'Hi there now',
    );
    expect(issueExcerpt('<textarea>secret</textarea>Open <b>it</b>')).toBe('Open it');
  });

  it('reads GitHub flavoured markdown as text: table cells and task items, not their markup', () => {
    expect(issueExcerpt('| Step | Done |\n| --- | --- |\n| Build | yes |')).toBe(
      'Step Done Build yes',
    );
    expect(issueExcerpt('- [x] write it\n- [ ] test it')).toBe('write it test it');
  });

  it('cuts long text at a word and adds an ellipsis', () => {
    const body = 'word '.repeat(100);
    const excerpt = issueExcerpt(body, 22);
    expect(excerpt).toBe('word word word word…');
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(23);
  });
});
