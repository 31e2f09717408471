import { describe, expect, it } from 'vitest';
import { closingReferences } from '../actions/pull-requests';
import { parseSearchQuery } from './search-issues';

describe('parseSearchQuery', () => {
  it('reads qualifiers, negations, quoted values and free text', () => {
    expect(
      parseSearchQuery('is:pr -user:octo-dev label:"good first issue" crash "exact words"'),
    ).toEqual([
      { negated: false, key: 'is', value: 'pr', values: ['pr'] },
      { negated: true, key: 'user', value: 'octo-dev', values: ['octo-dev'] },
      {
        negated: false,
        key: 'label',
        value: 'good first issue',
        values: ['good first issue'],
      },
      { negated: false, key: null, value: 'crash', values: ['crash'] },
      { negated: false, key: null, value: 'exact words', values: ['exact words'] },
    ]);
  });

  it('splits comma-separated alternatives outside quotes', () => {
    expect(parseSearchQuery('label:bug,"help wanted",easy')[0]?.values).toEqual([
      'bug',
      'help wanted',
      'easy',
    ]);
  });

  it('lower-cases qualifier names and keeps unknown qualifiers as text', () => {
    expect(parseSearchQuery('IS:open foo:bar')).toEqual([
      { negated: false, key: 'is', value: 'open', values: ['open'] },
      { negated: false, key: null, value: 'foo:bar', values: ['foo:bar'] },
    ]);
  });
});

describe('closingReferences', () => {
  it('finds the issues a pull request body closes', () => {
    expect(closingReferences('Fixes #12, closes #3 and Resolved: #4. Refs #9')).toEqual([12, 3, 4]);
    expect(closingReferences(null)).toEqual([]);
  });
});
