import type { ContributorPrivacy } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { privacySettingsKeys } from '../api/query-keys';
import { PrivacySettingsCard } from './privacy-settings-card';

function render(saved?: ContributorPrivacy): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (saved) client.setQueryData(privacySettingsKeys.privacy, saved);
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(PrivacySettingsCard)),
  );
}

/** aria-checked of the switch for one choice. */
const switchState = (html: string, key: keyof ContributorPrivacy) =>
  new RegExp(
    `<button[^>]*role="switch"[^>]*aria-checked="(true|false)"[^>]*data-testid="privacy-${key}"`,
  ).exec(html)?.[1];

describe('PrivacySettingsCard', () => {
  it('shows each saved choice on its labelled switch', () => {
    const html = render({
      listedInDirectory: true,
      emailVisibleToCompanies: false,
      companiesMayContact: true,
    });
    expect(switchState(html, 'listedInDirectory')).toBe('true');
    expect(switchState(html, 'emailVisibleToCompanies')).toBe('false');
    expect(switchState(html, 'companiesMayContact')).toBe('true');
    for (const [label, key] of [
      ['Show my profile in the company directory', 'listedInDirectory'],
      ['Let companies see my email', 'emailVisibleToCompanies'],
      ['Let companies contact me', 'companiesMayContact'],
    ] as const) {
      const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
      expect(id, label).toBeDefined();
      expect(html).toMatch(new RegExp(`id="${id!}"[^>]*data-testid="privacy-${key}"`));
    }
  });

  it('keeps Save disabled while the switches are as saved', () => {
    const html = render({
      listedInDirectory: false,
      emailVisibleToCompanies: false,
      companiesMayContact: false,
    });
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>.*?Save<\/button>/);
  });

  it('shows a loading state until the choices arrive', () => {
    const html = render();
    expect(html).toContain('Loading privacy settings...');
    expect(html).not.toContain('role="switch"');
  });
});
