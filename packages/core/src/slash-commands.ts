import { formatNumber } from './format';
import { MAX_ISSUE_COINS } from './maintainer';
import { githubUserLoginSchema, VOUCH_REASON_MAX } from './vouches';

/**
 * Commands typed in GitHub issue and pull-request comments (`/bounty 50`, `/stake`, `/stake #12`,
 * `/unstake`, `/vouch @user`, `/denounce @user reason`). A command is read from the comment's first line only, and only when that line is
 * plain text: a first line indented as code (a tab or four spaces), opening a fenced code block,
 * starting a quote (`>`) or wrapped in inline code is text about a command, not a command. The
 * command word is case-insensitive; anything after its arguments on the line is ignored, so
 * `/stake #12 please` stakes on #12. Who may run a command, and on what, is the server's rule.
 */
export type SlashCommand =
  | { command: 'bounty'; amount: number }
  | { command: 'stake' | 'unstake'; issueNumber: number | null }
  | { command: 'vouch'; login: string }
  | { command: 'denounce'; login: string; reason: string };

/** A line that starts with a known command whose arguments are wrong: the bot answers with usage. */
export interface InvalidSlashCommand {
  command: SlashCommand['command'];
  invalid: string;
}

export type ParsedSlashCommand = SlashCommand | InvalidSlashCommand | null;

export const SLASH_COMMAND_USAGE: Record<SlashCommand['command'], string> = {
  bounty: `Write the bounty in whole coins, from 1 to ${formatNumber(MAX_ISSUE_COINS)}: for example \`/bounty 50\``,
  stake:
    'Write `/stake` on a pull request that references its issue, or `/stake #12` to name the issue',
  unstake: 'Write `/unstake`, or `/unstake #12` to name the issue',
  vouch: 'Write `/vouch @user` to vouch for a GitHub user in this repository',
  denounce: `Write \`/denounce @user reason\`, with a reason of 1 to ${String(VOUCH_REASON_MAX)} characters`,
};

const COMMAND_LINE = /^\/([a-z]+)(?=\s|$)(.*)$/i;

/** The command on the comment's first line, an invalid use of one, or null (no command). */
export function parseSlashCommand(body: string | null | undefined): ParsedSlashCommand {
  const firstLine = (body ?? '').split(/\r?\n/, 1)[0] ?? '';
  // Four spaces or a tab make an indented code block; up to three spaces are plain text.
  if (/^(?: {4}|\t)/.test(firstLine)) return null;
  const match = COMMAND_LINE.exec(firstLine.trimStart());
  if (!match) return null;
  const word = (match[1] ?? '').toLowerCase();
  const rest = (match[2] ?? '').trim();
  const args = rest.split(/\s+/).filter(Boolean);
  switch (word) {
    case 'bounty':
      return bounty(args[0]);
    case 'stake':
    case 'unstake':
      return withIssue(word, args[0]);
    case 'vouch':
    case 'denounce':
      return aboutUser(word, rest);
    default:
      return null;
  }
}

function bounty(amount: string | undefined): SlashCommand | InvalidSlashCommand {
  const coins = /^\d{1,7}$/.test(amount ?? '') ? Number(amount) : NaN;
  if (!(coins >= 1 && coins <= MAX_ISSUE_COINS)) {
    return { command: 'bounty', invalid: SLASH_COMMAND_USAGE.bounty };
  }
  return { command: 'bounty', amount: coins };
}

function withIssue(
  command: 'stake' | 'unstake',
  issue: string | undefined,
): SlashCommand | InvalidSlashCommand {
  if (issue === undefined) return { command, issueNumber: null };
  const number = /^#([1-9]\d{0,9})$/.exec(issue)?.[1];
  if (!number) return { command, invalid: SLASH_COMMAND_USAGE[command] };
  return { command, issueNumber: Number(number) };
}

/**
 * `/vouch @user` or `/denounce @user reason`: the login (the `@` is optional), and for a
 * denouncement the rest of the line as its reason. `/vouch` ignores what follows the login, as
 * every command does.
 */
function aboutUser(
  command: 'vouch' | 'denounce',
  rest: string,
): SlashCommand | InvalidSlashCommand {
  const [handle = '', ...words] = rest.split(/\s+/);
  const login = githubUserLoginSchema.safeParse(handle);
  if (!login.success) return { command, invalid: SLASH_COMMAND_USAGE[command] };
  if (command === 'vouch') return { command, login: login.data };
  const reason = words.join(' ').trim();
  if (!reason || reason.length > VOUCH_REASON_MAX) {
    return { command, invalid: SLASH_COMMAND_USAGE.denounce };
  }
  return { command, login: login.data, reason };
}
