import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { RankProgressBar } from './rank-progress-bar';

const render = (xp: number) => renderToStaticMarkup(createElement(RankProgressBar, { xp }));

describe('RankProgressBar', () => {
  it('draws the bar at the percentage its label reads', () => {
    const html = render(80);
    expect(html).toContain('80 / 100 XP');
    expect(html).toContain('20 XP to go');
    expect(html).toContain('80%');
    expect(html).toMatch(
      /role="progressbar"[^>]*aria-valuenow="80"|aria-valuenow="80"[^>]*role="progressbar"/,
    );
    expect(html).toContain('translateX(-20%)');
  });

  it('shows Max without a bar at the top rank', () => {
    const html = render(6000);
    expect(html).toContain('Max');
    expect(html).toContain('6,000 XP');
    expect(html).not.toContain('progressbar');
  });
});
