import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, generateWorld } from './generate-world';
import { loadFixtureWorld } from './load-fixture-world';
import type { World, WorldRepo } from './types';

const world = loadFixtureWorld();

const pulls = (w: World) =>
  w.repos.flatMap((repo) => repo.issues.filter((i) => i.pull).map((issue) => ({ repo, issue })));

/** Merged pull requests by `login`, split by whether `login` owns the target repository. */
function mergedBy(login: string) {
  const merged = pulls(world).filter(({ issue }) => issue.author === login && issue.pull?.merged);
  return {
    toOthers: merged.filter(({ repo }) => repo.owner !== login).length,
    toOwn: merged.filter(({ repo }) => repo.owner === login).length,
  };
}

const repo = (fullName: string): WorldRepo => {
  const found = world.repos.find((r) => `${r.owner}/${r.name}` === fullName);
  if (!found) throw new Error(`no ${fullName}`);
  return found;
};

describe('the committed fixture world', () => {
  it('is exactly what the seeded generator produces (regenerate and commit both)', () => {
    expect(generateWorld(DEFAULT_SEED)).toEqual(world);
  });

  it('is a fresh deep copy on every load', () => {
    const copy = loadFixtureWorld();
    copy.users.pop();
    expect(loadFixtureWorld().users).toHaveLength(world.users.length);
  });

  it('has the documented size and variety', () => {
    expect(world.users.length).toBeGreaterThanOrEqual(12);
    expect(world.orgs.map((o) => o.login)).toEqual([
      'openstake-labs',
      'pixel-forge',
      'data-harbor',
    ]);
    for (const org of world.orgs) expect(org.members.length).toBeGreaterThan(1);
    expect(world.repos).toHaveLength(30);
    const languages = new Set(world.repos.flatMap((r) => Object.keys(r.languages)));
    for (const language of [
      'TypeScript',
      'JavaScript',
      'Python',
      'Go',
      'Rust',
      'Java',
      'Ruby',
      'C++',
    ]) {
      expect(languages).toContain(language);
    }
    expect(world.repos.filter((r) => r.private).length).toBeGreaterThanOrEqual(2);
    expect(new Set(world.repos.map((r) => r.owner)).size).toBeGreaterThan(10);
    const roles = new Set(world.repos.flatMap((r) => r.collaborators.map((c) => c.role)));
    expect([...roles].sort()).toEqual(['admin', 'maintain', 'read', 'triage', 'write']);
  });

  it('has open and closed issues with the labels the product reads', () => {
    const issues = world.repos.flatMap((r) => r.issues.filter((i) => !i.pull));
    expect(issues.some((i) => i.state === 'open')).toBe(true);
    expect(issues.some((i) => i.state === 'closed')).toBe(true);
    const labels = new Set(issues.flatMap((i) => i.labels));
    for (const label of [
      'good first issue',
      'help wanted',
      'bug',
      'enhancement',
      'beginner',
      'intermediate',
      'advanced',
      'easy',
      'medium',
      'hard',
    ]) {
      expect(labels).toContain(label);
    }
    // Every label an issue carries exists in its repository.
    for (const r of world.repos) {
      const names = new Set(r.labels.map((l) => l.name));
      for (const issue of r.issues) for (const l of issue.labels) expect(names).toContain(l);
    }
  });

  it('has open, closed and merged pull requests with reviews, fixing issues by reference', () => {
    const all = pulls(world);
    expect(all.some(({ issue }) => issue.state === 'open')).toBe(true);
    expect(all.some(({ issue }) => issue.state === 'closed' && !issue.pull?.merged)).toBe(true);
    expect(all.some(({ issue }) => issue.pull?.merged)).toBe(true);
    expect(all.some(({ issue }) => (issue.pull?.reviews.length ?? 0) > 0)).toBe(true);
    for (const { repo: r, issue } of all) {
      const fixes = /Fixes #(\d+)/.exec(issue.body ?? '');
      expect(fixes, `${r.name}#${issue.number}`).not.toBeNull();
      const target = r.issues.find((i) => i.number === Number(fixes?.[1]));
      expect(target && !target.pull).toBe(true);
      if (issue.pull?.merged) expect(target?.state).toBe('closed');
    }
  });

  it('numbers issues and pull requests in one sequence per repository', () => {
    for (const r of world.repos) {
      expect(r.issues.map((i) => i.number)).toEqual(r.issues.map((_, i) => i + 1));
    }
  });

  it('gives every user the profile fields GitHub has', () => {
    for (const user of world.users) {
      expect(user.id).toBeGreaterThan(0);
      expect(user.email).toMatch(/@/);
      expect(user.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(world.users.some((u) => !u.emailPublic)).toBe(true);
    expect(world.users.some((u) => u.emailPublic)).toBe(true);
  });
});

describe('the named users', () => {
  it('octo-dev: 8 merged pull requests to others, 2 to their own repository', () => {
    expect(mergedBy('octo-dev')).toEqual({ toOthers: 8, toOwn: 2 });
    expect(world.repos.filter((r) => r.owner === 'octo-dev').map((r) => r.name)).toEqual([
      'octo-cli',
      'ts-utils',
    ]);
  });

  it('mia-maintainer: admin of openstake-labs and owner of repositories', () => {
    const org = world.orgs.find((o) => o.login === 'openstake-labs');
    expect(org?.members).toContainEqual({ login: 'mia-maintainer', role: 'admin' });
    expect(world.repos.filter((r) => r.owner === 'mia-maintainer').map((r) => r.name)).toEqual([
      'release-bot',
      'mia-notes',
    ]);
  });

  it('rita-reader: a read-only collaborator on openstake-labs/stake-engine', () => {
    expect(repo('openstake-labs/stake-engine').collaborators).toContainEqual({
      login: 'rita-reader',
      role: 'read',
    });
    expect(world.orgs.some((o) => o.members.some((m) => m.login === 'rita-reader'))).toBe(false);
  });

  it('newbie-nia: no pull requests at all', () => {
    expect(pulls(world).filter(({ issue }) => issue.author === 'newbie-nia')).toEqual([]);
  });

  it('prolific-pat: 64 merged pull requests to others (over the 500 XP cap at 10 XP each)', () => {
    expect(mergedBy('prolific-pat')).toEqual({ toOthers: 64, toOwn: 0 });
  });
});
