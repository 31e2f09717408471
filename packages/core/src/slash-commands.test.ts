import { describe, expect, it } from 'vitest';
import { parseSlashCommand, SLASH_COMMAND_USAGE } from './slash-commands';

describe('parseSlashCommand', () => {
  it('reads /bounty with whole coins, /stake and /unstake with or without the issue', () => {
    expect(parseSlashCommand('/bounty 50')).toEqual({ command: 'bounty', amount: 50 });
    expect(parseSlashCommand('/stake')).toEqual({ command: 'stake', issueNumber: null });
    expect(parseSlashCommand('/stake #12')).toEqual({ command: 'stake', issueNumber: 12 });
    expect(parseSlashCommand('/unstake')).toEqual({ command: 'unstake', issueNumber: null });
    expect(parseSlashCommand('/unstake #7')).toEqual({ command: 'unstake', issueNumber: 7 });
  });

  it('takes the first line only, in any case, with up to three spaces before it and words after', () => {
    expect(parseSlashCommand('/Bounty 40\nThanks for looking!')).toEqual({
      command: 'bounty',
      amount: 40,
    });
    expect(parseSlashCommand('   /STAKE #3 please\r\nmore')).toEqual({
      command: 'stake',
      issueNumber: 3,
    });
    expect(parseSlashCommand('Thanks!\n/stake')).toBeNull();
    expect(parseSlashCommand('I will /stake on this')).toBeNull();
  });

  it('ignores commands written as code or quoted', () => {
    for (const body of [
      '```\n/stake\n```',
      '    /stake',
      '\t/bounty 50',
      '`/stake`',
      '> /bounty 50',
      '>/unstake',
    ]) {
      expect(parseSlashCommand(body), body).toBeNull();
    }
  });

  it('is not fooled by longer words, missing spaces or empty comments', () => {
    for (const body of ['/stakes', '/bountyhunter 5', '/stake#12', '/', '', null, undefined]) {
      expect(parseSlashCommand(body), String(body)).toBeNull();
    }
  });

  it('answers the usage for a known command with bad arguments', () => {
    for (const amount of ['', '0', '-5', '12.5', '1e3', 'fifty', '1000001', '99999999']) {
      expect(parseSlashCommand(`/bounty ${amount}`), amount).toEqual({
        command: 'bounty',
        invalid: SLASH_COMMAND_USAGE.bounty,
      });
    }
    expect(parseSlashCommand('/bounty 1000000')).toEqual({ command: 'bounty', amount: 1_000_000 });
    for (const issue of ['12', '#0', '#abc', 'please']) {
      expect(parseSlashCommand(`/stake ${issue}`), issue).toEqual({
        command: 'stake',
        invalid: SLASH_COMMAND_USAGE.stake,
      });
    }
    expect(parseSlashCommand('/unstake #x')).toEqual({
      command: 'unstake',
      invalid: SLASH_COMMAND_USAGE.unstake,
    });
  });
});

describe('parseSlashCommand: /vouch and /denounce', () => {
  it('reads the login with or without @, and the rest of the line as the reason', () => {
    expect(parseSlashCommand('/vouch @octo-dev')).toEqual({ command: 'vouch', login: 'octo-dev' });
    expect(parseSlashCommand('/Vouch octo-dev thanks for the fixes')).toEqual({
      command: 'vouch',
      login: 'octo-dev',
    });
    expect(parseSlashCommand('/denounce @spammer  opened 40 generated PRs\nmore')).toEqual({
      command: 'denounce',
      login: 'spammer',
      reason: 'opened 40 generated PRs',
    });
  });

  it('answers the usage without a valid login, or a denouncement without a reason', () => {
    for (const body of ['/vouch', '/vouch @', '/vouch -bad', '/vouch a--b', '/vouch #12']) {
      expect(parseSlashCommand(body), body).toEqual({
        command: 'vouch',
        invalid: SLASH_COMMAND_USAGE.vouch,
      });
    }
    for (const body of ['/denounce @spammer', '/denounce', `/denounce @x ${'y'.repeat(301)}`]) {
      expect(parseSlashCommand(body), body).toEqual({
        command: 'denounce',
        invalid: SLASH_COMMAND_USAGE.denounce,
      });
    }
  });

  it('ignores them quoted or as code, like every command', () => {
    for (const body of ['> /vouch @a', '`/vouch @a`', '    /denounce @a spam', '/vouching @a']) {
      expect(parseSlashCommand(body), body).toBeNull();
    }
  });
});
