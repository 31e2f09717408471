import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import {
  initialMergeFeedbackState,
  setRating,
  toggleTag,
  type MergeFeedbackFormState,
} from '../lib/merge-feedback-form';
import { MergeFeedbackForm, RATE_FIRST_HINT, SUBMIT_MERGE_LABEL } from './merge-feedback-form';

const render = (
  state: MergeFeedbackFormState,
  options: { isSubmitting?: boolean; error?: string | null } = {},
) =>
  renderToStaticMarkup(
    <MergeFeedbackForm
      state={state}
      onChange={() => undefined}
      isSubmitting={options.isSubmitting ?? false}
      error={options.error ?? null}
      onSubmit={() => undefined}
      onCancel={() => undefined}
    />,
  );

const submitButton = (html: string) => {
  const match = /<button[^>]*type="submit"[^>]*>/.exec(html);
  if (!match) throw new Error('no submit button');
  return match[0];
};

describe('MergeFeedbackForm', () => {
  it('has five 0-5 sliders named by their criterion, with the rating word', () => {
    const html = render(setRating(initialMergeFeedbackState(), 'testing', 3));
    for (const label of [
      'Code Quality &amp; Standards',
      'Documentation &amp; Comments',
      'Testing Coverage',
      'Performance Impact',
      'Security Considerations',
    ]) {
      expect(html).toContain(`aria-label="${label}"`);
    }
    expect(html.match(/role="slider"/g)).toHaveLength(5);
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="5"');
    expect(html).toContain('aria-valuetext="3 of 5, Good"');
    expect(html).toContain('aria-valuetext="0 of 5, Not Rated"');
  });

  it('lists the tags with their XP, the complexity multipliers and the four bonuses', () => {
    const html = render(initialMergeFeedbackState());
    expect(html).toContain('Major Backend Change');
    expect(html).toContain('+20 XP');
    expect(html).toContain('Introduces a new module');
    expect(html).toContain('×1.8');
    expect(html).toContain('Only the largest selected multiplier applies.');
    expect(html).toContain('Issue was bounty-backed');
    expect(html).toContain('Contributor added meaningful tests');
    expect(html.match(/role="checkbox"/g)).toHaveLength(8 + 7 + 4);
  });

  it('keeps Submit disabled with a hint while the rating total is 0', () => {
    const html = render(initialMergeFeedbackState());
    expect(html).toContain(SUBMIT_MERGE_LABEL.replace('&', '&amp;'));
    expect(submitButton(html)).toContain('disabled=""');
    expect(html).toContain(RATE_FIRST_HINT);
    expect(html).toContain('Score: 0/25');
    expect(html).toContain('data-color="red"');
  });

  it('enables Submit once rated and previews the XP and coins', () => {
    let state = setRating(initialMergeFeedbackState(), 'codeQuality', 5);
    state = setRating(state, 'security', 5);
    state = setRating(state, 'testing', 5);
    state = setRating(state, 'documentation', 5);
    state = toggleTag(state, 'bugFix', true);
    const html = render(state);
    expect(submitButton(html)).not.toContain('disabled=""');
    expect(html).not.toContain(RATE_FIRST_HINT);
    expect(html).toContain('Score: 20/25');
    expect(html).toContain('data-color="green"');
    // 12 (Bug Fix) x 1 + 20 = 32 XP, 64 coins.
    expect(html).toContain('+32 XP');
    expect(html).toContain('+64 coins');
  });

  it("disables everything while submitting and shows the server's error", () => {
    const state = setRating(initialMergeFeedbackState(), 'codeQuality', 2);
    const html = render(state, { isSubmitting: true, error: 'Pull request is not mergeable' });
    expect(submitButton(html)).toContain('disabled=""');
    expect(html).toContain('animate-spin');
    expect(html).toContain('Pull request is not mergeable');
    expect(html).toContain('role="alert"');
  });
});
