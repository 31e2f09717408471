import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { World } from './types';

/** The committed fixture, written by `scripts/generate-world.ts`. */
export const FIXTURE_PATH = fileURLToPath(new URL('../../fixtures/world.json', import.meta.url));

let cached: string | undefined;

/** The committed fixture world; a fresh deep copy on every call, so callers may mutate it. */
export function loadFixtureWorld(): World {
  cached ??= readFileSync(FIXTURE_PATH, 'utf8');
  return JSON.parse(cached) as World;
}
