import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { World } from './types';

/**
 * The committed fixture, written by `scripts/generate-world.ts`. Found from the package's entry
 * (src/index.ts) rather than from this module, so the server's bundle, which holds this code at
 * another place, finds it too.
 */
export const FIXTURE_PATH = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@openstake/github-sim')),
  '../fixtures/world.json',
);

let cached: string | undefined;

/** The committed fixture world; a fresh deep copy on every call, so callers may mutate it. */
export function loadFixtureWorld(): World {
  cached ??= readFileSync(FIXTURE_PATH, 'utf8');
  return JSON.parse(cached) as World;
}
