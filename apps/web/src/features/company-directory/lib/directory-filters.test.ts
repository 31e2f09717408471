import { describe, expect, it } from 'vitest';

import {
  DEFAULT_DIRECTORY_FILTERS,
  directoryApiQuery,
  hasActiveDirectoryFilters,
  parseDirectoryFilters,
  parseMinXp,
  withDirectoryFilterChange,
} from './directory-filters';

const parse = (search: string) => parseDirectoryFilters(new URLSearchParams(search));

describe('parseDirectoryFilters', () => {
  it('reads every filter from the URL', () => {
    expect(
      parse(
        'q=ada&rank=Code+Master&status=active&language=TypeScript&minXp=250&mergedWithinDays=30&minMaintainers=3&sort=recent',
      ),
    ).toEqual({
      q: 'ada',
      rank: 'Code Master',
      status: 'active',
      language: 'TypeScript',
      minXp: 250,
      mergedWithinDays: 30,
      minMaintainers: 3,
      sort: 'recent',
    });
  });

  it('gives the plain directory for an empty URL', () => {
    expect(parse('')).toEqual(DEFAULT_DIRECTORY_FILTERS);
  });

  it('ignores values it cannot use instead of failing', () => {
    expect(
      parse(
        `q=${'x'.repeat(101)}&rank=Wizard&status=gone&language=Klingon&minXp=-5&mergedWithinDays=14&sort=random`,
      ),
    ).toEqual(DEFAULT_DIRECTORY_FILTERS);
    expect(parse('minXp=abc&mergedWithinDays=0').minXp).toBeNull();
    expect(parse('minXp=1.5').minXp).toBeNull();
    expect(parse('mergedWithinDays=9999').mergedWithinDays).toBeNull();
    // Only the choices the page offers: any other count reads as no minimum.
    expect(parse('minMaintainers=4').minMaintainers).toBeNull();
    expect(parse('minMaintainers=0').minMaintainers).toBeNull();
    expect(parse('rank=constructor').rank).toBe('all');
  });

  it('trims the search and reads a language in any case as its canonical name', () => {
    expect(parse('q=%20%20ada%20').q).toBe('ada');
    expect(parse('language=typescript').language).toBe('TypeScript');
    expect(parse('language=c%2B%2B').language).toBe('C++');
  });
});

describe('withDirectoryFilterChange', () => {
  it('writes a changed filter to the URL and keeps the other parameters', () => {
    const next = withDirectoryFilterChange(new URLSearchParams('ref=mail&rank=Code+Expert'), {
      minXp: 100,
      sort: 'xp_asc',
    });
    expect(Object.fromEntries(next)).toEqual({
      ref: 'mail',
      rank: 'Code Expert',
      minXp: '100',
      sort: 'xp_asc',
    });
  });

  it('removes a filter set back to its default, so the plain directory has a plain address', () => {
    const next = withDirectoryFilterChange(
      new URLSearchParams('rank=Code+Expert&status=inactive&q=ada&minXp=5'),
      { rank: 'all', status: 'all', q: '  ', minXp: null },
    );
    expect(next.toString()).toBe('');
  });

  it('drops unreadable values it finds while writing', () => {
    const next = withDirectoryFilterChange(new URLSearchParams('rank=Wizard&minXp=-1'), {
      status: 'active',
    });
    expect(next.toString()).toBe('status=active');
  });

  it('what it writes reads back as the same filters', () => {
    const filters = {
      q: 'grace hopper',
      rank: 'Open Source Legend',
      status: 'inactive',
      language: 'C++',
      minXp: 0,
      mergedWithinDays: 365,
      minMaintainers: 5,
      sort: 'xp_asc',
    } as const;
    const url = withDirectoryFilterChange(new URLSearchParams(), filters);
    expect(parseDirectoryFilters(new URLSearchParams(url.toString()))).toEqual(filters);
  });
});

describe('directoryApiQuery', () => {
  it('sends the filters that are on, the sort, a page size and the cursor', () => {
    expect(directoryApiQuery(parse('rank=Code+Master&minXp=0&status=all'), null)).toBe(
      'rank=Code+Master&minXp=0&sort=xp_desc&limit=20',
    );
    expect(directoryApiQuery(parse('q=ada&mergedWithinDays=7&sort=recent'), 'c-2')).toBe(
      'q=ada&mergedWithinDays=7&sort=recent&limit=20&cursor=c-2',
    );
  });
});

describe('hasActiveDirectoryFilters', () => {
  it('is false for the plain directory in any order, true once something narrows it', () => {
    expect(hasActiveDirectoryFilters(parse('sort=recent'))).toBe(false);
    expect(hasActiveDirectoryFilters(parse('status=active'))).toBe(true);
    expect(hasActiveDirectoryFilters(parse('minXp=0'))).toBe(true);
  });
});

describe('parseMinXp', () => {
  it('takes a whole number of 0 or more, or nothing', () => {
    expect(parseMinXp(' 120 ')).toEqual({ ok: true, value: 120 });
    expect(parseMinXp('')).toEqual({ ok: true, value: null });
    expect(parseMinXp('-1')).toEqual({ ok: false });
    expect(parseMinXp('1e3')).toEqual({ ok: false });
    expect(parseMinXp('2000000000')).toEqual({ ok: false });
  });
});
