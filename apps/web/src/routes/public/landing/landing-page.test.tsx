import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { headingOrderProblems, headingOutline } from '../../../test/heading-order';
import { LandingPage } from './landing-page';

const outline = headingOutline(
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(LandingPage))),
);

describe('the landing page', () => {
  it('has one h1, and its headings never skip a level', () => {
    expect(outline[0]).toMatch(/^h1 /);
    expect(headingOrderProblems(outline)).toEqual([]);
  });
});
