import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ReferralsPage } from './referrals-page';

function render(): string {
  vi.stubGlobal('location', { origin: 'https://openstake.test' });
  return renderToStaticMarkup(<ReferralsPage />);
}

describe('ReferralsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is clearly marked as sample data', () => {
    const html = render();
    expect(html).toContain('Sample data');
    expect(html).toContain('The referral program is not live yet.');
  });

  it('shows the read-only code and link with copy buttons', () => {
    const html = render();
    expect(html).toMatch(/readOnly="" value="SAMPLE-8F3K2Q"/);
    expect(html).toContain('value="https://openstake.test/signUp?ref=SAMPLE-8F3K2Q"');
    expect(html).toContain('aria-label="Copy referral code"');
    expect(html).toContain('aria-label="Copy referral link"');
  });

  it('shows the tiers, payout rules and the sample progress 8 of 15', () => {
    const html = render();
    expect(html).toContain('1-5 referrals');
    expect(html).toContain('$30 per referral');
    expect(html).toContain('6-15 referrals');
    expect(html).toContain('$40 per referral');
    expect(html).toContain('16+ referrals');
    expect(html).toContain('$50 per referral');
    expect(html).toContain('Minimum payout $50, paid monthly.');
    expect(html).toContain('8 of 15');
    expect(html).toContain('$270');
  });

  it('shows history statuses, how it works and the terms', () => {
    const html = render();
    for (const text of ['Converted', 'Pending', 'Signed Up', 'How it works', 'Referral history']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Self-referrals are not allowed.');
  });
});
