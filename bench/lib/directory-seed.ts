// The hire directory's bench data, written set-based (generate_series): 100,000 contributors in
// seconds. Values come from hashes of the row number, so every fill is the same data.
//
// Every contributor has a proven GitHub login (a github_accounts row), as the directory lists
// only those. Coins: every contributor gets the sign-up grant as the app moves it (mint ->
// wallet, with its transfer row, grantFromMint). Their stakes are inserted as settled history without coins: a
// settled stake's escrow is empty (here it was never made), and the rewards of accepted ones are
// not minted, so wallets hold the grant only. The directory reads no coins, and the ledger
// invariant holds. XP: one event per contributor carries their XP, so users.xp stays the sum of
// their XP events.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database';
import { grantFromMint, signIn } from './seed';

/** A prime number of languages, so that b, b + s, b + 2s (mod 19) are three different ones. */
const LANGUAGES = [
  'TypeScript',
  'JavaScript',
  'Python',
  'Go',
  'Rust',
  'Java',
  'C++',
  'PHP',
  'Ruby',
  'Swift',
  'Kotlin',
  'C#',
  'Shell',
  'C',
  'Elixir',
  'Scala',
  'Dart',
  'Haskell',
  'Lua',
];
const FIRST_NAMES = [
  'amara',
  'lukas',
  'priya',
  'mateo',
  'yuki',
  'chloe',
  'tomas',
  'ingrid',
  'kwame',
  'sofia',
  'arjun',
  'hannah',
  'diego',
  'mei',
  'seun',
  'emma',
  'rafael',
  'aisha',
  'jonas',
  'camila',
  'hiroshi',
  'zainab',
  'marek',
  'laura',
  'samuel',
  'anya',
  'daniel',
  'fatima',
  'noah',
  'leila',
];
const LAST_NAMES = [
  'okoye',
  'becker',
  'raman',
  'garcia',
  'tanaka',
  'dubois',
  'silva',
  'berg',
  'mensah',
  'rossi',
  'mehta',
  'schmidt',
  'fernandez',
  'chen',
  'adeyemi',
  'virtanen',
  'costa',
  'khan',
  'nielsen',
  'rojas',
  'nakamura',
  'bello',
  'nowak',
  'martin',
  'osei',
  'petrova',
  'cohen',
  'zahra',
  'lindqvist',
];
/** A username fragment the search bench looks for: in one of the 29 last names (lindqvist). */
export const USERNAME_FRAGMENT = 'lin';
const REPOSITORIES = 20;
const ISSUES_PER_REPOSITORY = 100;
const FIRST_ISSUE_ID = 8_000_000;

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

export interface DirectorySeed {
  companyToken: string;
  contributors: number;
  stakes: number;
}

/**
 * `count` contributors with XP in every rank (45 % Code Novice down to 2 % Open Source
 * Legend), last active over the past year (about 3 in 10 in the last 30 days), a name for most,
 * 1 to 3 languages each, about 1 in 200 hidden from companies; stakes (1 to 8 each, 60 % accepted,
 * the others rejected or expired) for 1 in 10 newcomers and up to 8 in 10 of those with 500 XP or
 * more, on the tracked issues of 20 repositories, placed between sign-up and last activity
 * (mostly close to it) and settled over the following days; and a company with a session token.
 */
export async function seedDirectory(db: Db, count: number): Promise<DirectorySeed> {
  // r(i, salt): a number in [0, 1) from the row number, the same at every fill.
  const inserted = await db.execute(sql`
    with numbered as (
      select i,
        ((hashtext(i || ':rank') & 2147483647) % 1000000) / 1000000.0 as r_rank,
        ((hashtext(i || ':xp') & 2147483647) % 1000000) / 1000000.0 as r_xp,
        ((hashtext(i || ':active') & 2147483647) % 1000000) / 1000000.0 as r_active,
        ((hashtext(i || ':joined') & 2147483647) % 1000000) / 1000000.0 as r_joined,
        (hashtext(i || ':name') & 2147483647) as h_name
      from generate_series(1, ${count}::int) as i
    ),
    shaped as (
      select i, h_name,
        -- Rank shares, then XP spread within the rank.
        case
          when r_rank < 0.45 then floor(r_xp * 100)
          when r_rank < 0.70 then 100 + floor(r_xp * 400)
          when r_rank < 0.85 then 500 + floor(r_xp * 1000)
          when r_rank < 0.93 then 1500 + floor(r_xp * 1500)
          when r_rank < 0.98 then 3000 + floor(r_xp * 2000)
          else 5000 + floor(r_xp * 4000)
        end::int as xp,
        now() - (365 * r_active * r_active) * interval '1 day' as active,
        r_joined
      from numbered
    )
    insert into users (email, role, github_username, xp, last_active_at, created_at)
    select 'dir-' || i || '@example.com', 'contributor',
      (${textArray(FIRST_NAMES)})[1 + h_name % ${FIRST_NAMES.length}::int]
        || (array['-', '', '.'])[1 + (h_name / 7) % 3]
        || (${textArray(LAST_NAMES)})[1 + (h_name / 31) % ${LAST_NAMES.length}::int] || i,
      xp, active, active - (r_joined * 400) * interval '1 day'
    from shaped
    returning id
  `);
  const ids = (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  await grantFromMint(db, ids, 100);
  // Only contributors whose GitHub account is proven are listed: each has its OAuth row (the
  // token is never read by the directory).
  await db.execute(sql`
    insert into github_accounts (user_id, github_id, login, access_token_encrypted)
    select id, 10000000 + row_number() over (order by id), github_username, 'bench-no-token'
    from users where role = 'contributor'
  `);

  await db.execute(sql`
    insert into xp_events (user_id, amount, kind, reference, idempotency_key)
    select id, xp, 'merge_reward', 'bench-directory', 'bench-directory:' || id
    from users where role = 'contributor' and xp > 0
  `);
  // The name the username was made from (most have one), found again from the row number.
  await db.execute(sql`
    insert into contributor_profiles (user_id, name, listed_in_directory,
      email_visible_to_companies, companies_may_contact)
    select id,
      case when h % 100 < 85 then
        initcap((${textArray(FIRST_NAMES)})[1 + h_name % ${FIRST_NAMES.length}::int]) || ' ' ||
        initcap((${textArray(LAST_NAMES)})[1 + (h_name / 31) % ${LAST_NAMES.length}::int])
      end,
      h % 200 <> 0, h % 10 < 3, h % 20 <> 7
    from (select id, (hashtext(id::text) & 2147483647) as h,
        (hashtext(split_part(split_part(email, '@', 1), '-', 2) || ':name') & 2147483647) as h_name
      from users where role = 'contributor') u
  `);
  await db.execute(sql`
    insert into contributor_languages (user_id, language, position)
    select id, (${textArray(LANGUAGES)})[1 + (b + k * s) % ${LANGUAGES.length}::int], k
    from (select id, (hashtext(id::text || ':lang') & 2147483647) as h,
        (hashtext(id::text || ':base') & 2147483647) % ${LANGUAGES.length}::int as b,
        1 + (hashtext(id::text || ':step') & 2147483647) % ${LANGUAGES.length - 1}::int as s
      from users where role = 'contributor') u,
      generate_series(0, 2) as k
    where k <= h % 3
  `);
  await db.execute(sql`
    insert into tracked_issues (github_id, repository_full_name, number, title, state, author_login,
      html_url, difficulty, staking_required, xp_reward, repository, repository_private,
      github_created_at, github_updated_at)
    select ${FIRST_ISSUE_ID}::bigint + i, 'bench-org/repo-' || i % ${REPOSITORIES}::int,
      i / ${REPOSITORIES}::int, 'Bench issue ' || i, 'open', 'bench-maintainer',
      'https://github.com/bench-org/repo-' || i % ${REPOSITORIES}::int || '/issues/' || i / ${REPOSITORIES}::int,
      'beginner', 5, 50,
      jsonb_build_object('description', null, 'language', 'TypeScript', 'stargazersCount', 0,
        'htmlUrl', 'https://github.com/bench-org/repo-' || i % ${REPOSITORIES}::int, 'private', false),
      false, now() - interval '400 days', now() - interval '400 days'
    from generate_series(0, ${REPOSITORIES * ISSUES_PER_REPOSITORY - 1}::int) as i
  `);
  const stakes = await db.execute(sql`
    with picked as (
      select u.id as user_id, k, u.last_active_at, u.created_at,
        (hashtext(u.id::text || ':' || k) & 2147483647) as h,
        ((hashtext(u.id::text || ':at:' || k) & 2147483647) % 1000000) / 1000000.0 as r_at
      from users u, generate_series(1, 8) as k
      where u.role = 'contributor'
        -- The more XP, the likelier a contributor staked: 1 in 10 newcomers, 8 in 10 above 500.
        and (hashtext(u.id::text || ':stakes') & 2147483647) % 100
          < case when u.xp < 100 then 10 when u.xp < 500 then 30 else 80 end
        and k <= 1 + (hashtext(u.id::text || ':count') & 2147483647) % 8
    ),
    shaped as (
      select user_id, h % ${REPOSITORIES * ISSUES_PER_REPOSITORY}::int as issue,
        case when h % 100 < 60 then 'accepted' when h % 100 < 75 then 'rejected' else 'expired'
        end as status,
        -- Placed between sign-up and their last activity, most of them close to the latter.
        last_active_at - (r_at * r_at)::float8 * (last_active_at - created_at) as placed,
        1 + h % 10 as days, h
      from picked
    )
    insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount,
      deduction_percent, status, coins_earned, xp_earned, coins_lost, settled_by, created_at,
      settled_at)
    select user_id, ${FIRST_ISSUE_ID}::bigint + issue, 'bench-org/repo-' || issue % ${REPOSITORIES}::int,
      100000 + row_number() over (),
      'https://github.com/bench-org/repo-' || issue % ${REPOSITORIES}::int || '/pull/'
        || 100000 + row_number() over (),
      5, 10, status::stake_status,
      case when status = 'accepted' then 2 * (20 + h % 150) else 0 end,
      case when status = 'accepted' then 20 + h % 150 else 0 end,
      -- 10 % of 5 coins, rounded down, as deductionFor does.
      0,
      case status when 'accepted' then 'merge' when 'rejected' then 'webhook' else 'expiry' end,
      placed, least(now(), placed + days * interval '1 day')
    from shaped
    returning id
  `);
  const [company] = (
    (await db.execute(sql`
      insert into users (email, role) values ('bench-company@example.com', 'company') returning id
    `)) as unknown as { rows: { id: string }[] }
  ).rows;
  // As autovacuum would have: statistics, and the GIN indexes' pending lists merged.
  await db.execute(sql`vacuum analyze`);
  return {
    companyToken: await signIn(db, company!.id, 'company'),
    contributors: ids.length,
    stakes: (stakes as unknown as { rows: unknown[] }).rows.length,
  };
}
