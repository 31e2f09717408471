import {
  COMPANY_MESSAGES_PER_DAY,
  DEFAULT_CONTRIBUTOR_PRIVACY,
  MESSAGE_MAX_LENGTH,
  type Conversation,
  type ContributorPrivacy,
} from '@openstake/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema';
import { createUser, type Account } from './helpers/factories';
import { proveGithub } from './helpers/prove-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * Contact between companies and contributors (issue 11): the company's first message from the
 * directory, the conversations on both sides, unread counts, declining, the text rules and the
 * daily limit; and the contributor's privacy choices that decide who may write.
 */

let app: TestApp;
let offsetMs = 0;
let last = 0;
// Real time moved forward by the tests, and never the same millisecond twice: messages are
// ordered by when they were written, so two written in one test must not share an instant.
const clock = {
  now: () => {
    last = Math.max(Date.now() + offsetMs, last + 1);
    return new Date(last);
  },
};
const HOUR_MS = 3_600_000;

let acme: Account; // companies
let globex: Account;
let cleo: Account; // contributors
let dan: Account;
let mia: Account; // a maintainer

/** A contributor in the directory: GitHub proved the username they signed up with. */
async function contributor(): Promise<Account> {
  const account = await createUser(app, 'contributor');
  await proveGithub(app, account);
  return account;
}

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  acme = await createUser(app, 'company');
  globex = await createUser(app, 'company');
  cleo = await contributor();
  dan = await contributor();
  mia = await createUser(app, 'maintainer');
});
afterAll(() => app.close());

type Side = 'company' | 'contributor';
const sideOf = (who: Account): Side => (who.user.role === 'company' ? 'company' : 'contributor');

const call = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.server.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The company writes to a contributor from the directory. */
const contact = (company: Account, contributor: Account | string, text: unknown) =>
  call(
    company,
    'POST',
    `/api/company/contributors/${typeof contributor === 'string' ? contributor : contributor.user.id}/messages`,
    { text },
  );
/** Either side writes in one of its conversations. */
const write = (who: Account, conversationId: string, text: unknown) =>
  call(who, 'POST', `/api/${sideOf(who)}/conversations/${conversationId}/messages`, { text });
const markRead = (who: Account, conversationId: string) =>
  call(who, 'POST', `/api/${sideOf(who)}/conversations/${conversationId}/read`);
const decline = (who: Account, conversationId: string) =>
  call(who, 'POST', `/api/contributor/conversations/${conversationId}/decline`);

async function sent(res: Awaited<ReturnType<typeof contact>>): Promise<Conversation> {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Conversation }>().data;
}
async function conversationsOf(who: Account): Promise<Conversation[]> {
  const res = await call(who, 'GET', `/api/${sideOf(who)}/conversations`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Conversation[] }>().data;
}
async function unreadOf(who: Account): Promise<number> {
  const res = await call(who, 'GET', `/api/${sideOf(who)}/conversations/unread`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { unread: number } }>().data.unread;
}
const texts = (c: Conversation) => c.messages.map((m) => [m.mine, m.text]);
const storedBy = async (senderId: string) =>
  (
    await app.ctx.db.select({ n: count() }).from(messages).where(eq(messages.senderId, senderId))
  )[0]!.n;

const expectRefused = (
  res: Awaited<ReturnType<typeof contact>>,
  status: number,
  body: Record<string, unknown>,
) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ success: false, ...body });
};

describe('a company contacts a contributor', () => {
  let conversationId = '';

  it('answers 201 with the new conversation and its message', async () => {
    const conversation = await sent(await contact(acme, cleo, 'Hello Cleo, we are hiring.'));
    conversationId = conversation.id;
    expect(conversation).toEqual({
      id: expect.any(String),
      status: 'open',
      with: { id: cleo.user.id, name: cleo.user.githubUsername },
      unread: 0,
      updatedAt: conversation.messages[0]!.createdAt,
      messages: [
        {
          id: expect.any(String),
          mine: true,
          text: 'Hello Cleo, we are hiring.',
          createdAt: expect.any(String),
        },
      ],
    });
    expect(await conversationsOf(acme)).toEqual([conversation]);
  });

  it('the contributor sees it from the company, unread; the unread route says 1', async () => {
    const [conversation, ...others] = await conversationsOf(cleo);
    expect(others).toEqual([]);
    expect(conversation).toMatchObject({
      id: conversationId,
      status: 'open',
      with: { id: acme.user.id, name: acme.email },
      unread: 1,
    });
    expect(texts(conversation!)).toEqual([[false, 'Hello Cleo, we are hiring.']]);
    expect(await unreadOf(cleo)).toBe(1);
    // Nothing is unread for the one who wrote it.
    expect(await unreadOf(acme)).toBe(0);
  });

  it('reading one conversation marks its messages read and answers the new total', async () => {
    const other = await sent(await contact(globex, cleo, 'Globex here.'));
    expect(other.id).not.toBe(conversationId);
    expect(await unreadOf(cleo)).toBe(2);
    // Latest first.
    expect((await conversationsOf(cleo)).map((c) => [c.id, c.unread])).toEqual([
      [other.id, 1],
      [conversationId, 1],
    ]);

    const res = await markRead(cleo, conversationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { unread: 1 } });
    expect((await conversationsOf(cleo)).map((c) => [c.id, c.unread])).toEqual([
      [other.id, 1],
      [conversationId, 0],
    ]);
    expect((await markRead(cleo, other.id)).json()).toEqual({ success: true, data: { unread: 0 } });
    expect((await markRead(cleo, other.id)).json()).toEqual({ success: true, data: { unread: 0 } });
    expect(await unreadOf(cleo)).toBe(0);
  });

  it('a second contact continues the same conversation and brings it to the top', async () => {
    const again = await sent(await contact(acme, cleo, 'Any thoughts?'));
    expect(again.id).toBe(conversationId);
    expect(texts(again)).toEqual([
      [true, 'Hello Cleo, we are hiring.'],
      [true, 'Any thoughts?'],
    ]);
    const [top] = await conversationsOf(cleo);
    expect(top).toMatchObject({ id: conversationId, unread: 1 });
    expect(await unreadOf(cleo)).toBe(1);
    const rows = await app.ctx.db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.companyId, acme.user.id),
          eq(conversations.contributorId, cleo.user.id),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('the contributor replies; the company sees the reply, unread for the company', async () => {
    await markRead(cleo, conversationId);
    const replied = await sent(await write(cleo, conversationId, 'Happy to talk!'));
    expect(replied.id).toBe(conversationId);
    expect(texts(replied)).toEqual([
      [false, 'Hello Cleo, we are hiring.'],
      [false, 'Any thoughts?'],
      [true, 'Happy to talk!'],
    ]);
    // Her own reply is nothing unread for her.
    expect(replied.unread).toBe(0);
    expect(await unreadOf(cleo)).toBe(0);

    expect(await unreadOf(acme)).toBe(1);
    const [forAcme] = await conversationsOf(acme);
    expect(forAcme).toMatchObject({ id: conversationId, unread: 1 });
    expect(texts(forAcme!)).toEqual([
      [true, 'Hello Cleo, we are hiring.'],
      [true, 'Any thoughts?'],
      [false, 'Happy to talk!'],
    ]);
    expect((await markRead(acme, conversationId)).json()).toEqual({
      success: true,
      data: { unread: 0 },
    });
    expect(await unreadOf(acme)).toBe(0);

    // The company answers in the conversation itself.
    const answered = await sent(await write(acme, conversationId, 'Great, Tuesday?'));
    expect(texts(answered).at(-1)).toEqual([true, 'Great, Tuesday?']);
    expect(await unreadOf(cleo)).toBe(1);
  });

  it('a company cannot read or write in another company’s conversation (404)', async () => {
    const before = await storedBy(globex.user.id);
    const notFound = { code: 'NOT_FOUND', message: 'Conversation not found' };
    expectRefused(await write(globex, conversationId, 'Sneaky'), 404, notFound);
    expectRefused(await markRead(globex, conversationId), 404, notFound);
    expect((await conversationsOf(globex)).map((c) => c.id)).not.toContain(conversationId);
    expect(await storedBy(globex.user.id)).toBe(before);
    // Nor does Globex's attempt to read it mark Cleo's next message read for Acme.
    await sent(await write(cleo, conversationId, 'Tuesday works.'));
    expect((await markRead(globex, conversationId)).statusCode).toBe(404);
    expect(await unreadOf(acme)).toBe(1);
  });

  it('a contributor cannot read, write in or decline another contributor’s conversation (404)', async () => {
    const notFound = { code: 'NOT_FOUND', message: 'Conversation not found' };
    expectRefused(await write(dan, conversationId, 'Hi'), 404, notFound);
    expectRefused(await markRead(dan, conversationId), 404, notFound);
    expectRefused(await decline(dan, conversationId), 404, notFound);
    expect(await conversationsOf(dan)).toEqual([]);
    expect((await conversationsOf(cleo)).find((c) => c.id === conversationId)).toMatchObject({
      status: 'open',
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectRefused(await write(cleo, unknown, 'Hi'), 404, notFound);
    const malformed = await write(cleo, 'not-a-uuid', 'Hi');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'conversationId' });
  });
});

describe('declining', () => {
  it('the company can no longer write, by either route; the contributor’s own reply answers 409', async () => {
    const conversation = await sent(await contact(acme, dan, 'Hello Dan.'));
    const res = await decline(dan, conversation.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Conversation }>().data).toMatchObject({
      id: conversation.id,
      status: 'declined',
      with: { id: acme.user.id },
    });
    const stored = await storedBy(acme.user.id);
    const declined = { code: 'FORBIDDEN', message: 'This contributor declined your message.' };
    expectRefused(await contact(acme, dan, 'Please reconsider.'), 403, declined);
    expectRefused(await write(acme, conversation.id, 'Please reconsider.'), 403, declined);
    expect(await storedBy(acme.user.id)).toBe(stored);
    expectRefused(await write(dan, conversation.id, 'Actually...'), 409, {
      code: 'CONFLICT',
      message: 'You declined this conversation.',
    });
    expect(await storedBy(dan.user.id)).toBe(0);
    expect((await conversationsOf(acme)).find((c) => c.id === conversation.id)).toMatchObject({
      status: 'declined',
    });
  });

  it('is one company’s: another company may still write', async () => {
    const other = await sent(await contact(globex, dan, 'Globex, hello.'));
    expect(other.status).toBe('open');
  });
});

describe('the text of a message', () => {
  let initech: Account;
  let eva: Account;
  let conversationId = '';
  beforeAll(async () => {
    initech = await createUser(app, 'company');
    eva = await contributor();
    conversationId = (await sent(await contact(initech, eva, 'Hi Eva'))).id;
  });

  it('is trimmed', async () => {
    const res = await sent(await contact(initech, eva, '  \n Padded message \t '));
    expect(res.messages.at(-1)).toMatchObject({ text: 'Padded message' });
    const reply = await sent(await write(eva, conversationId, '   ok   '));
    expect(reply.messages.at(-1)).toMatchObject({ text: 'ok', mine: true });
  });

  it("is required: empty, blank or missing answers 400 'Message is required'", async () => {
    const before = await storedBy(initech.user.id);
    for (const text of ['', '   ', '\n\t', undefined]) {
      for (const res of [
        await contact(initech, eva, text),
        await write(initech, conversationId, text),
        await write(eva, conversationId, text),
      ]) {
        expectRefused(res, 400, {
          code: 'BAD_REQUEST',
          field: 'text',
          message: 'text: Message is required',
        });
      }
    }
    expect(await storedBy(initech.user.id)).toBe(before);
  });

  it(`is at most ${String(MESSAGE_MAX_LENGTH)} characters once trimmed`, async () => {
    const longest = 'x'.repeat(MESSAGE_MAX_LENGTH);
    for (const res of [
      await contact(initech, eva, `${longest}y`),
      await write(eva, conversationId, `${longest}y`),
    ]) {
      expectRefused(res, 400, {
        code: 'BAD_REQUEST',
        field: 'text',
        message: `text: Message must be ${String(MESSAGE_MAX_LENGTH)} characters or less`,
      });
    }
    expect((await sent(await contact(initech, eva, longest))).messages.at(-1)!.text).toBe(longest);
    expect(
      (await sent(await write(eva, conversationId, `  ${longest}  `))).messages.at(-1)!.text,
    ).toBe(longest);
  });

  it('is plain text: stored and answered exactly as written, never interpreted', async () => {
    const hostile =
      '<script>alert("hi")</script><img src=x onerror=alert(1)> **bold** &amp; &lt;b&gt; ${1+1} {{x}}';
    const conversation = await sent(await contact(initech, eva, hostile));
    expect(conversation.messages.at(-1)!.text).toBe(hostile);
    const [row] = await app.ctx.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.id, conversation.messages.at(-1)!.id));
    expect(row!.body).toBe(hostile);
    const res = await call(eva, 'GET', '/api/contributor/conversations');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const seen = res.json<{ data: Conversation[] }>().data.find((c) => c.id === conversationId)!;
    expect(seen.messages.at(-1)!.text).toBe(hostile);
  });
});

describe('whom a company may write to', () => {
  it('a contributor who hides from the directory: 404, as if unknown', async () => {
    const hidden = await contributor();
    await privacy(hidden, { listedInDirectory: false });
    const before = await storedBy(acme.user.id);
    expectRefused(await contact(acme, hidden, 'Hello?'), 404, {
      code: 'NOT_FOUND',
      message: 'Contributor not found',
    });
    expect(await storedBy(acme.user.id)).toBe(before);
    expect(await conversationsOf(hidden)).toEqual([]);
  });

  it('a contributor who does not accept contact: 403 with the reason', async () => {
    const quiet = await contributor();
    await privacy(quiet, { companiesMayContact: false });
    expectRefused(await contact(acme, quiet, 'Hello?'), 403, {
      code: 'FORBIDDEN',
      message: 'This contributor does not accept messages from companies.',
    });
    expect(await conversationsOf(quiet)).toEqual([]);
  });

  it('follows a change of mind in an existing conversation', async () => {
    const zoe = await contributor();
    const conversation = await sent(await contact(acme, zoe, 'Hello Zoe.'));
    await privacy(zoe, { companiesMayContact: false });
    expectRefused(await write(acme, conversation.id, 'Still there?'), 403, {
      code: 'FORBIDDEN',
      message: 'This contributor does not accept messages from companies.',
    });
    await privacy(zoe, { listedInDirectory: false });
    expectRefused(await write(acme, conversation.id, 'Still there?'), 404, {
      code: 'NOT_FOUND',
      message: 'Contributor not found',
    });
    await privacy(zoe, {});
    await sent(await write(acme, conversation.id, 'Welcome back.'));
  });

  it('only a contributor: anyone else, or an unknown id, is a 404; a malformed id a 400', async () => {
    for (const id of [
      mia.user.id,
      globex.user.id,
      acme.user.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expectRefused(await contact(acme, id, 'Hello'), 404, {
        code: 'NOT_FOUND',
        message: 'Contributor not found',
      });
    }
    const malformed = await contact(acme, 'not-a-uuid', 'Hello');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'userId' });
  });

  it('the company routes are for companies and the contributor routes for contributors', async () => {
    const asContributor = await contact(dan, cleo, 'Hi');
    expect(asContributor.statusCode).toBe(403);
    expect(asContributor.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const asCompany = await call(acme, 'GET', '/api/contributor/conversations');
    expect(asCompany.statusCode).toBe(403);
    expect(asCompany.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

async function privacy(who: Account, choice: Partial<ContributorPrivacy>) {
  const res = await call(who, 'PUT', '/api/contributor/privacy', {
    ...DEFAULT_CONTRIBUTOR_PRIVACY,
    ...choice,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ContributorPrivacy }>().data;
}

describe('privacy choices', () => {
  const getPrivacy = async (who: Account) => {
    const res = await call(who, 'GET', '/api/contributor/privacy');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ContributorPrivacy }>().data;
  };

  it('a contributor who never chose gets the defaults: listed, email hidden, open to contact', async () => {
    const fresh = await contributor();
    expect(await getPrivacy(fresh)).toEqual({
      listedInDirectory: true,
      emailVisibleToCompanies: false,
      companiesMayContact: true,
    });
    expect(DEFAULT_CONTRIBUTOR_PRIVACY).toEqual(await getPrivacy(fresh));
    // A profile saved without a choice (name and bio only) keeps the defaults too.
    const named = await contributor();
    const res = await call(named, 'PUT', `/api/contributor/profile/${named.user.id}`, {
      profile: { name: 'Named', bio: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await getPrivacy(named)).toEqual(DEFAULT_CONTRIBUTOR_PRIVACY);
  });

  it('saves the choices and reads them back; the profile and the choices do not overwrite each other', async () => {
    const ivy = await contributor();
    const profile = (name: string) =>
      call(ivy, 'PUT', `/api/contributor/profile/${ivy.user.id}`, {
        profile: { name, bio: 'Bio' },
      });
    expect((await profile('Ivy')).statusCode).toBe(200);
    const choice = {
      listedInDirectory: false,
      emailVisibleToCompanies: true,
      companiesMayContact: false,
    };
    expect(await privacy(ivy, choice)).toEqual(choice);
    expect(await getPrivacy(ivy)).toEqual(choice);
    // Hidden now: her profile is hers alone to read, and still holds what she wrote.
    const ownProfile = await call(ivy, 'GET', `/api/contributor/profile/${ivy.user.id}`);
    expect(ownProfile.json()).toMatchObject({ data: { profile: { name: 'Ivy', bio: 'Bio' } } });
    const publicProfile = await app.server.inject({
      url: `/api/contributor/profile/${ivy.user.id}`,
    });
    expect(publicProfile.statusCode).toBe(404);
    expect((await profile('Ivy B.')).statusCode).toBe(200);
    expect(await getPrivacy(ivy)).toEqual(choice);
    const back = { ...choice, listedInDirectory: true };
    expect(await privacy(ivy, back)).toEqual(back);
    expect(await getPrivacy(ivy)).toEqual(back);
  });

  it('refuses an incomplete or invalid choice with a 400 and keeps the saved one', async () => {
    const jon = await contributor();
    const saved = await privacy(jon, { emailVisibleToCompanies: true });
    const refused: [unknown, string][] = [
      [
        { listedInDirectory: true, emailVisibleToCompanies: false },
        'companiesMayContact: companiesMayContact must be true or false',
      ],
      [
        { ...DEFAULT_CONTRIBUTOR_PRIVACY, listedInDirectory: 'yes' },
        'listedInDirectory: listedInDirectory must be true or false',
      ],
      [
        { ...DEFAULT_CONTRIBUTOR_PRIVACY, emailVisibleToCompanies: null },
        'emailVisibleToCompanies: emailVisibleToCompanies must be true or false',
      ],
      [
        { ...DEFAULT_CONTRIBUTOR_PRIVACY, companiesMayContact: 1 },
        'companiesMayContact: companiesMayContact must be true or false',
      ],
    ];
    for (const [body, message] of refused) {
      const res = await call(jon, 'PUT', '/api/contributor/privacy', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    for (const body of ['[]', '"listed"', 'null', '']) {
      const res = await app.server.inject({
        method: 'PUT',
        url: '/api/contributor/privacy',
        headers: { cookie: jon.cookie, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
    expect(await getPrivacy(jon)).toEqual(saved);
  });

  it("takes the contributor from the session: nobody reads or changes another's choices", async () => {
    const kai = await contributor();
    const lin = await contributor();
    const choice = { ...DEFAULT_CONTRIBUTOR_PRIVACY, companiesMayContact: false };
    // A userId in the body or the query names nobody: the choice is the caller's own.
    const res = await call(kai, 'PUT', `/api/contributor/privacy?userId=${lin.user.id}`, {
      ...choice,
      userId: lin.user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await getPrivacy(kai)).toEqual(choice);
    expect(await getPrivacy(lin)).toEqual(DEFAULT_CONTRIBUTOR_PRIVACY);
    for (const who of [acme, mia]) {
      const read = await call(who, 'GET', '/api/contributor/privacy');
      expect(read.statusCode).toBe(403);
      const change = await call(
        who,
        'PUT',
        '/api/contributor/privacy',
        DEFAULT_CONTRIBUTOR_PRIVACY,
      );
      expect(change.statusCode).toBe(403);
    }
    const anonymous = await app.server.inject({ url: '/api/contributor/privacy' });
    expect(anonymous.statusCode).toBe(401);
    expect(await getPrivacy(kai)).toEqual(choice);
  });
});

// Last: it moves the clock a day forward.
describe(`the daily limit of ${String(COMPANY_MESSAGES_PER_DAY)} messages per company`, () => {
  it('refuses the next message in 24 hours, to anyone and by either route, and accepts it after', async () => {
    const umbrella = await createUser(app, 'company');
    const [one, two, three] = [await contributor(), await contributor(), await contributor()];
    const half = COMPANY_MESSAGES_PER_DAY / 2;
    let toTwo = '';
    for (let i = 0; i < half; i++) await sent(await contact(umbrella, one, `To one #${String(i)}`));
    for (let i = 0; i < half; i++) {
      toTwo = (
        await sent(
          i % 2 === 0
            ? await contact(umbrella, two, `To two #${String(i)}`)
            : await write(umbrella, toTwo, `To two #${String(i)}`),
        )
      ).id;
    }
    expect(await storedBy(umbrella.user.id)).toBe(COMPANY_MESSAGES_PER_DAY);

    const limited = {
      code: 'RATE_LIMITED',
      message: `You can send at most ${String(COMPANY_MESSAGES_PER_DAY)} messages a day. Try again tomorrow.`,
    };
    expectRefused(await contact(umbrella, three, 'One too many'), 429, limited);
    expectRefused(await write(umbrella, toTwo, 'One too many'), 429, limited);
    expect(await conversationsOf(three)).toEqual([]);
    expect(await storedBy(umbrella.user.id)).toBe(COMPANY_MESSAGES_PER_DAY);
    // Contributors' replies are not limited, and another company has its own count.
    await sent(await write(two, toTwo, 'Replying'));
    await sent(await contact(globex, three, 'Globex writes'));

    offsetMs += 23 * HOUR_MS;
    expectRefused(await contact(umbrella, three, 'Still too many'), 429, limited);

    offsetMs += HOUR_MS + 60_000;
    const after = await sent(await contact(umbrella, three, 'A new day'));
    expect(texts(after)).toEqual([[true, 'A new day']]);
    expect(await storedBy(umbrella.user.id)).toBe(COMPANY_MESSAGES_PER_DAY + 1);
  });
});
