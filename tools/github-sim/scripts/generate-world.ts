/**
 * Regenerates `fixtures/world.json` from the seeded generator. Run it after changing
 * `src/world/generate-world.ts` and commit both:
 *
 *   npm run generate-world -w @openstake/github-sim
 */
import { writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { DEFAULT_SEED, generateWorld } from '../src/world/generate-world';
import { FIXTURE_PATH } from '../src/world/load-fixture-world';

const world = generateWorld(DEFAULT_SEED);
// Written as Prettier formats it, so `prettier --check` and a regeneration agree byte for byte.
const options = (await prettier.resolveConfig(FIXTURE_PATH)) ?? {};
const text = await prettier.format(JSON.stringify(world), {
  ...options,
  parser: 'json',
  filepath: FIXTURE_PATH,
});
writeFileSync(FIXTURE_PATH, text);
process.stdout.write(
  `Wrote ${FIXTURE_PATH}: ${world.users.length} users, ${world.orgs.length} organizations, ` +
    `${world.repos.length} repositories, ${world.repos.reduce((n, r) => n + r.issues.length, 0)} issues and pull requests\n`,
);
