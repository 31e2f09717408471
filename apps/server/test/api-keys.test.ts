import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MASK, type ApiKey, type CreatedApiKey } from '@openstake/core';
import { apiKeys } from '../src/db/schema';
import { newApiKey } from '../src/modules/api-keys/api-key-secret';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let mia: Account; // admin of openstake-labs
let octo: Account; // a member of openstake-labs without the owner role

beforeAll(async () => {
  app = await buildTestApp();
  const base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  octo = await createUser(app, 'maintainer', { githubUsername: 'octo-dev' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, octo, 'octo-dev');
});
afterAll(() => app.close());

const keysUrl = (org: string) => `/api/maintainer/organizations/${org}/api-keys`;
const request = (
  who: Account,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.server.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
const saveContext = (who: Account, org: string) =>
  request(who, 'PUT', `/api/maintainer/organizations/${org}/context`, {
    context: `How to contribute to ${org}`,
  });
const listKeys = async (who: Account, org: string) =>
  (await request(who, 'GET', keysUrl(org))).json<{ data: ApiKey[] }>().data;

describe('API keys', () => {
  it('needs a saved context first', async () => {
    const res = await request(mia, 'POST', keysUrl('openstake-labs'), { name: 'CI' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: 'You need to generate context first.',
    });
    expect(await app.ctx.db.select().from(apiKeys)).toEqual([]);
  });

  it('returns the full key once and stores only its SHA-256 hash and masked form', async () => {
    expect((await saveContext(mia, 'openstake-labs')).statusCode).toBe(200);
    const res = await request(mia, 'POST', keysUrl('openstake-labs'), { name: '  Issue bot ' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ success: true; data: CreatedApiKey }>().data;
    expect(created.secretKey).toMatch(/^osk_[0-9a-z]{32}$/);
    expect(created).toMatchObject({
      name: 'Issue bot',
      maskedKey: `${created.secretKey.slice(0, 4)}${API_KEY_MASK}${created.secretKey.slice(-4)}`,
      lastUsed: null,
    });

    const [row] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created._id));
    expect(row).toMatchObject({
      organization: 'openstake-labs',
      name: 'Issue bot',
      keyHash: createHash('sha256').update(created.secretKey).digest('hex'),
      maskedKey: created.maskedKey,
      createdBy: mia.user.id,
      lastUsedAt: null,
    });
    // The key itself is in no column of the table, and in no log.
    const dump = await app.ctx.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(dump)).not.toContain(created.secretKey);
    expect(JSON.stringify(dump)).not.toContain(created.secretKey.slice(4));
    expect(app.rawLogs()).not.toContain(created.secretKey);

    // Listed masked to the organization's owners, never in full; to nobody else.
    const listRes = await request(mia, 'GET', keysUrl('openstake-labs'));
    expect(listRes.statusCode).toBe(200);
    expect(listRes.body).not.toContain(created.secretKey);
    expect(listRes.json().data).toEqual([
      {
        _id: created._id,
        name: 'Issue bot',
        maskedKey: created.maskedKey,
        createdAt: created.createdAt,
        lastUsed: null,
      },
    ]);
    const byMember = await request(octo, 'GET', keysUrl('openstake-labs'));
    expect(byMember.statusCode).toBe(403);
    expect(byMember.body).not.toContain(created.maskedKey);
  });

  it('keeps an unnamed key nameless (the screen shows "Untitled key") and lists newest first', async () => {
    const res = await request(mia, 'POST', keysUrl('openstake-labs'), {});
    expect(res.statusCode).toBe(201);
    const unnamed = res.json<{ data: CreatedApiKey }>().data;
    expect(unnamed.name).toBeNull();
    const keys = await listKeys(mia, 'openstake-labs');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatchObject({ _id: unnamed._id, name: null });
    expect(keys[0]).not.toHaveProperty('secretKey');
  });

  it('is scoped to the organization and to its owners', async () => {
    // mia's own account is an organization of its own here, with its own (empty) list.
    expect(await listKeys(mia, 'mia-maintainer')).toEqual([]);
    const foreign = await request(mia, 'GET', keysUrl('pixel-forge'));
    expect(foreign.statusCode).toBe(403);
    const create = await request(mia, 'POST', keysUrl('pixel-forge'), { name: 'x' });
    expect(create.statusCode).toBe(403);
    const tooLong = await request(mia, 'POST', keysUrl('openstake-labs'), {
      name: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/100 characters/);
  });

  it('deletes a key of the organization, and only of that organization', async () => {
    await saveContext(mia, 'mia-maintainer');
    const own = (await request(mia, 'POST', keysUrl('mia-maintainer'), { name: 'own' })).json<{
      data: CreatedApiKey;
    }>().data;
    // Through another organization's path the key is not found.
    const wrongOrg = await request(mia, 'DELETE', `${keysUrl('openstake-labs')}/${own._id}`);
    expect(wrongOrg.statusCode).toBe(404);
    expect(await listKeys(mia, 'mia-maintainer')).toHaveLength(1);

    const deleted = await request(mia, 'DELETE', `${keysUrl('mia-maintainer')}/${own._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await listKeys(mia, 'mia-maintainer')).toEqual([]);
    expect(await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, own._id))).toEqual([]);

    const again = await request(mia, 'DELETE', `${keysUrl('mia-maintainer')}/${own._id}`);
    expect(again.statusCode).toBe(404);
    const notAnId = await request(mia, 'DELETE', `${keysUrl('mia-maintainer')}/nope`);
    expect(notAnId.statusCode).toBe(400);
  });

  it('makes keys from 165 random bits, uniform over base 36', () => {
    const keys = Array.from({ length: 10_000 }, () => newApiKey());
    expect(new Set(keys).size).toBe(keys.length);
    const counts = new Map<string, number>();
    for (const key of keys) {
      expect(key).toMatch(/^osk_[0-9a-z]{32}$/);
      for (const ch of key.slice(4)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    // 320,000 characters over 36 symbols: about 8,889 each (standard deviation 93). A plain
    // `byte % 36` would give 0-3 about 10,000 each.
    expect(counts.size).toBe(36);
    for (const n of counts.values()) expect(Math.abs(n - 320_000 / 36)).toBeLessThan(500);
  });
});
