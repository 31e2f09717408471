import { describe, expect, it } from 'vitest';

import {
  dashboardTabPath,
  isDashboardTab,
  parseDashboardTab,
  withDashboardTab,
} from './dashboard-tab';

describe('parseDashboardTab', () => {
  it('reads the four tabs', () => {
    expect(parseDashboardTab('overview')).toBe('overview');
    expect(parseDashboardTab('issues')).toBe('issues');
    expect(parseDashboardTab('stakes')).toBe('stakes');
    expect(parseDashboardTab('messages')).toBe('messages');
  });

  it('defaults to overview for a missing or unknown tab', () => {
    expect(parseDashboardTab(null)).toBe('overview');
    expect(parseDashboardTab('')).toBe('overview');
    expect(parseDashboardTab('Stakes')).toBe('overview');
    expect(parseDashboardTab('constructor')).toBe('overview');
  });
});

describe('isDashboardTab', () => {
  it('accepts only the tab names', () => {
    expect(isDashboardTab('issues')).toBe(true);
    expect(isDashboardTab('toString')).toBe(false);
    expect(isDashboardTab(null)).toBe(false);
  });
});

describe('withDashboardTab', () => {
  it('sets the tab and keeps the other parameters', () => {
    const next = withDashboardTab(new URLSearchParams('tab=overview&ref=mail'), 'stakes');
    expect(next.toString()).toBe('tab=stakes&ref=mail');
  });
});

describe('dashboardTabPath', () => {
  it('names the dashboard with one tab open', () => {
    expect(dashboardTabPath('messages')).toBe('/contributor/dashboard?tab=messages');
  });
});
