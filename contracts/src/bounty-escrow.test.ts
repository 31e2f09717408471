import { beforeEach, describe, expect, it } from 'vitest';
import { encodeDeployData } from 'viem';
import type { Address } from 'viem';

import { DAY, deployEscrow, ETHER, expectError } from '../test/escrow-fixture';
import type { EscrowFixture } from '../test/escrow-fixture';
import { bountyEscrowAbi, bountyEscrowBytecode, bountyEscrowStatuses } from './index';

const status = (name: (typeof bountyEscrowStatuses)[number]) => bountyEscrowStatuses.indexOf(name);
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

let f: EscrowFixture;
beforeEach(async () => {
  f = await deployEscrow();
});

/** Balances of several addresses at once. */
const balances = (...addresses: Address[]) =>
  Promise.all(addresses.map((address) => f.evm.balanceOf(address)));

describe('deployment', () => {
  it('records the operator, and holds nothing', async () => {
    expect(await f.contractInfo()).toEqual([3n, f.operator.address, 0n, 0n]);
    expect(await f.evm.balanceOf(f.escrow)).toBe(0n);
  });

  it('refuses the zero address as operator', async () => {
    const outcome = await f.evm.send(f.operator, {
      data: encodeDeployData({
        abi: bountyEscrowAbi,
        bytecode: bountyEscrowBytecode,
        args: [ZERO_ADDRESS],
      }),
    });
    expectError(outcome, 'ZeroOperator');
  });

  it('refuses plain payments, so nothing lands outside an issue', async () => {
    const outcome = await f.evm.send(f.stranger, { to: f.escrow, value: ETHER });
    expect(outcome.reverted).toBe(true);
    expect(await f.evm.balanceOf(f.escrow)).toBe(0n);
  });
});

describe('createIssue', () => {
  it('takes the bounty from the funder and records the issue', async () => {
    const deadline = f.evm.now() + 30n * DAY;
    const [funderBefore] = await balances(f.funder.address);

    const outcome = await f.createIssue(7n, f.funder, 3n * ETHER, deadline);

    expect(await balances(f.funder.address, f.escrow)).toEqual([
      funderBefore! - 3n * ETHER - outcome.gasCost,
      3n * ETHER,
    ]);
    expect(await f.getIssue(7n)).toEqual({
      funder: f.funder.address,
      deadline,
      status: status('open'),
      assignee: ZERO_ADDRESS,
      heldUntil: 0n,
      amount: 3n * ETHER,
    });
    expect(f.eventsOf(outcome)).toEqual([
      {
        eventName: 'IssueCreated',
        args: { id: 7n, funder: f.funder.address, amount: 3n * ETHER, deadline },
      },
    ]);
    expect(await f.contractInfo()).toEqual([3n, f.operator.address, 1n, 3n * ETHER]);
    expect(await f.issuesOf(f.funder.address)).toEqual([[7n], 1n]);
  });

  it('refuses a second record for the same id, whoever sends it and whatever became of the first', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    const before = await f.snapshot([7n]);

    for (const sender of [f.funder, f.otherFunder]) {
      const [senderBefore] = await balances(sender.address);
      const outcome = await f.write(sender, 'createIssue', [7n, f.evm.now() + DAY], 2n * ETHER);
      expectError(outcome, 'IssueAlreadyExists', [7n]);
      expect(await f.evm.balanceOf(sender.address)).toBe(senderBefore! - outcome.gasCost);
    }
    expect(await f.snapshot([7n])).toEqual(before);

    await f.succeeds(f.write(f.operator, 'refund', [7n]));
    const afterRefund = await f.write(f.funder, 'createIssue', [7n, f.evm.now() + DAY], ETHER);
    expectError(afterRefund, 'IssueAlreadyExists', [7n]);
  });

  it('never takes a bounty from the operator: the platform pays nothing in', async () => {
    const [operatorBefore] = await balances(f.operator.address);
    const outcome = await f.write(f.operator, 'createIssue', [7n, f.evm.now() + DAY], ETHER);
    expectError(outcome, 'OperatorCannotFund');
    expect(await balances(f.operator.address, f.escrow)).toEqual([
      operatorBefore! - outcome.gasCost,
      0n,
    ]);
    expect((await f.getIssue(7n)).status).toBe(status('none'));
  });

  it('refuses an issue without a bounty', async () => {
    expectError(await f.write(f.funder, 'createIssue', [7n, f.evm.now() + DAY], 0n), 'ZeroAmount');
    expect((await f.getIssue(7n)).status).toBe(status('none'));
  });

  it('refuses a deadline that is not in the future', async () => {
    const now = f.evm.now();
    for (const deadline of [now, now - 1n, 0n]) {
      const outcome = await f.write(f.funder, 'createIssue', [7n, deadline], ETHER);
      expectError(outcome, 'DeadlineNotInFuture', [deadline]);
      f.evm.setNow(now);
    }
    expect(await f.evm.balanceOf(f.escrow)).toBe(0n);
  });
});

describe('addBounty', () => {
  it('adds the funder’s payment to the bounty', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    const [funderBefore] = await balances(f.funder.address);

    const outcome = await f.succeeds(f.write(f.funder, 'addBounty', [7n, ETHER], 2n * ETHER));

    expect(await balances(f.funder.address, f.escrow)).toEqual([
      funderBefore! - 2n * ETHER - outcome.gasCost,
      3n * ETHER,
    ]);
    expect((await f.getIssue(7n)).amount).toBe(3n * ETHER);
    expect((await f.contractInfo())[3]).toBe(3n * ETHER);
    expect(f.eventsOf(outcome)).toEqual([
      {
        eventName: 'BountyAdded',
        args: { id: 7n, funder: f.funder.address, added: 2n * ETHER, total: 3n * ETHER },
      },
    ]);
  });

  it('takes nothing from anyone but the funder, the operator included', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    const before = await f.snapshot([7n]);
    for (const sender of [f.operator, f.stranger, f.contributor]) {
      const [senderBefore] = await balances(sender.address);
      const outcome = await f.write(sender, 'addBounty', [7n, ETHER], ETHER);
      expectError(outcome, 'NotFunder', [7n, sender.address]);
      expect(await f.evm.balanceOf(sender.address)).toBe(senderBefore! - outcome.gasCost);
    }
    expect(await f.snapshot([7n])).toEqual(before);
  });

  it('adds once: an addition sent again, or against a total that has moved, is refused', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.succeeds(f.write(f.funder, 'addBounty', [7n, ETHER], 2n * ETHER));
    const before = await f.snapshot([7n]);
    const [funderBefore] = await balances(f.funder.address);

    const again = await f.write(f.funder, 'addBounty', [7n, ETHER], 2n * ETHER);

    expectError(again, 'BountyChanged', [7n, ETHER, 3n * ETHER]);
    expect(await f.snapshot([7n])).toEqual(before);
    expect(await f.evm.balanceOf(f.funder.address)).toBe(funderBefore! - again.gasCost);
    // The next addition names the total as it now stands.
    await f.succeeds(f.write(f.funder, 'addBounty', [7n, 3n * ETHER], ETHER));
    expect((await f.getIssue(7n)).amount).toBe(4n * ETHER);
  });

  it('refuses nothing added, an unknown issue and a settled one', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    expectError(await f.write(f.funder, 'addBounty', [7n, ETHER], 0n), 'ZeroAmount');
    expectError(await f.write(f.funder, 'addBounty', [8n, 0n], ETHER), 'IssueNotFound', [8n]);

    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    expectError(await f.write(f.funder, 'addBounty', [7n, ETHER], ETHER), 'AlreadyReleased', [7n]);

    await f.createIssue(9n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'refund', [9n]));
    expectError(await f.write(f.funder, 'addBounty', [9n, ETHER], ETHER), 'AlreadyRefunded', [9n]);
  });
});

describe('assign', () => {
  it('lets the operator name the assignee, and name another instead', async () => {
    await f.createIssue(7n, f.funder, ETHER);

    const first = await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    expect(f.eventsOf(first)).toEqual([
      {
        eventName: 'IssueAssigned',
        args: { id: 7n, assignee: f.contributor.address, by: f.operator.address },
      },
    ]);
    expect(await f.getIssue(7n)).toMatchObject({
      status: status('assigned'),
      assignee: f.contributor.address,
    });

    await f.succeeds(f.write(f.operator, 'assign', [7n, f.otherContributor.address]));
    expect((await f.getIssue(7n)).assignee).toBe(f.otherContributor.address);
    // Assigning no longer pays the replaced contributor.
    const [replacedBefore, assigneeBefore] = await balances(
      f.contributor.address,
      f.otherContributor.address,
    );
    await f.succeeds(f.write(f.operator, 'release', [7n, f.otherContributor.address]));
    expect(await balances(f.contributor.address, f.otherContributor.address)).toEqual([
      replacedBefore,
      assigneeBefore! + ETHER,
    ]);
  });

  it('is refused to anyone but the operator, the funder included', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.createIssue(8n, f.otherFunder, ETHER);
    const before = await f.snapshot([7n, 8n]);
    for (const sender of [f.funder, f.stranger, f.contributor, f.otherFunder]) {
      const outcome = await f.write(sender, 'assign', [7n, f.contributor.address]);
      expectError(outcome, 'NotOperator', [7n, sender.address]);
    }
    expect(await f.snapshot([7n, 8n])).toEqual(before);
  });

  it('never names the funder, the operator or nobody', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    const before = await f.snapshot([7n]);
    expectError(await f.write(f.operator, 'assign', [7n, f.funder.address]), 'AssigneeIsFunder', [
      7n,
      f.funder.address,
    ]);
    expectError(
      await f.write(f.operator, 'assign', [7n, f.operator.address]),
      'AssigneeIsOperator',
      [7n, f.operator.address],
    );
    expectError(await f.write(f.operator, 'assign', [7n, ZERO_ADDRESS]), 'ZeroAssignee', [7n]);
    expect(await f.snapshot([7n])).toEqual(before);
  });

  it('is refused on an unknown or settled issue', async () => {
    expectError(await f.write(f.operator, 'assign', [7n, f.contributor.address]), 'IssueNotFound', [
      7n,
    ]);
    await f.createIssue(7n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    expectError(
      await f.write(f.operator, 'assign', [7n, f.otherContributor.address]),
      'AlreadyReleased',
      [7n],
    );
    await f.createIssue(8n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'refund', [8n]));
    expectError(
      await f.write(f.operator, 'assign', [8n, f.otherContributor.address]),
      'AlreadyRefunded',
      [8n],
    );
  });
});

describe('release', () => {
  it('pays the whole bounty, and only it, to the contributor the operator names', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.succeeds(f.write(f.funder, 'addBounty', [7n, ETHER], ETHER / 2n));
    await f.succeeds(f.write(f.operator, 'setHold', [7n, f.evm.now() + DAY]));
    const [operatorBefore, funderBefore, contributorBefore] = await balances(
      f.operator.address,
      f.funder.address,
      f.contributor.address,
    );

    const outcome = await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));

    // The operator pays the gas and nothing else; the bounty comes from the escrow.
    expect(
      await balances(f.operator.address, f.funder.address, f.contributor.address, f.escrow),
    ).toEqual([
      operatorBefore! - outcome.gasCost,
      funderBefore,
      contributorBefore! + (3n * ETHER) / 2n,
      0n,
    ]);
    expect(f.eventsOf(outcome)).toEqual([
      {
        eventName: 'IssueAssigned',
        args: { id: 7n, assignee: f.contributor.address, by: f.operator.address },
      },
      {
        eventName: 'BountyReleased',
        args: {
          id: 7n,
          assignee: f.contributor.address,
          amount: (3n * ETHER) / 2n,
          by: f.operator.address,
        },
      },
    ]);
    expect(await f.getIssue(7n)).toMatchObject({
      status: status('released'),
      amount: (3n * ETHER) / 2n,
    });
    expect(await f.contractInfo()).toEqual([3n, f.operator.address, 1n, 0n]);
  });

  it('pays one issue’s bounty only, from an escrow holding several', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.createIssue(8n, f.otherFunder, 5n * ETHER);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    expect(await f.evm.balanceOf(f.escrow)).toBe(5n * ETHER);
    expect((await f.contractInfo())[3]).toBe(5n * ETHER);
    expect((await f.getIssue(8n)).status).toBe(status('open'));
  });

  it('is refused to anyone but the operator: the funder and the assignee included', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    await f.createIssue(8n, f.otherFunder, ETHER);
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    const before = await f.snapshot([7n, 8n]);
    // Before the deadline a funder's release to an account of their own would be a refund; after
    // it they may refund, so a release is never theirs.
    for (const now of [f.evm.now(), deadline + 1n]) {
      f.evm.setNow(now);
      for (const sender of [f.funder, f.contributor, f.stranger, f.otherFunder]) {
        const outcome = await f.write(sender, 'release', [7n, f.contributor.address]);
        expectError(outcome, 'NotOperator', [7n, sender.address]);
      }
    }
    expect(await f.snapshot([7n, 8n])).toEqual(before);
  });

  it('pays whom it names, whatever was assigned: an assign sent before it cannot redirect it', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    // The payer decided on the contributor; another assignment is mined before its release.
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.otherContributor.address]));
    const [contributorBefore, otherBefore] = await balances(
      f.contributor.address,
      f.otherContributor.address,
    );

    const outcome = await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));

    expect(await balances(f.contributor.address, f.otherContributor.address)).toEqual([
      contributorBefore! + ETHER,
      otherBefore,
    ]);
    expect(await f.getIssue(7n)).toMatchObject({
      status: status('released'),
      assignee: f.contributor.address,
    });
    expect(f.eventsOf(outcome).map((event) => event.eventName)).toEqual([
      'IssueAssigned',
      'BountyReleased',
    ]);
  });

  it('never pays the funder, the operator or nobody', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    const before = await f.snapshot([7n]);
    expectError(await f.write(f.operator, 'release', [7n, f.funder.address]), 'AssigneeIsFunder', [
      7n,
      f.funder.address,
    ]);
    expectError(
      await f.write(f.operator, 'release', [7n, f.operator.address]),
      'AssigneeIsOperator',
      [7n, f.operator.address],
    );
    expectError(await f.write(f.operator, 'release', [7n, ZERO_ADDRESS]), 'ZeroAssignee', [7n]);
    expectError(
      await f.write(f.operator, 'release', [8n, f.contributor.address]),
      'IssueNotFound',
      [8n],
    );
    expect(await f.snapshot([7n])).toEqual(before);
  });

  it('pays once: a second release is refused', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.createIssue(8n, f.otherFunder, 4n * ETHER);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    const before = await f.snapshot([7n, 8n]);
    const [contributorBefore] = await balances(f.contributor.address);

    expectError(
      await f.write(f.operator, 'release', [7n, f.contributor.address]),
      'AlreadyReleased',
      [7n],
    );
    expect(await f.snapshot([7n, 8n])).toEqual(before);
    expect(await f.evm.balanceOf(f.contributor.address)).toBe(contributorBefore);
  });

  it('is refused after a refund', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    await f.succeeds(f.write(f.operator, 'refund', [7n]));
    const [contributorBefore] = await balances(f.contributor.address);
    expectError(
      await f.write(f.operator, 'release', [7n, f.contributor.address]),
      'AlreadyRefunded',
      [7n],
    );
    expect(await balances(f.contributor.address, f.escrow)).toEqual([contributorBefore, 0n]);
  });
});

describe('setHold', () => {
  it('records, for the operator only, until when work on the issue is pending', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    const until = f.evm.now() + 31n * DAY;

    const outcome = await f.succeeds(f.write(f.operator, 'setHold', [7n, until]));

    expect(f.eventsOf(outcome)).toEqual([
      { eventName: 'HoldSet', args: { id: 7n, heldUntil: until } },
    ]);
    expect((await f.getIssue(7n)).heldUntil).toBe(until);
    const before = await f.snapshot([7n]);
    for (const sender of [f.funder, f.contributor, f.stranger]) {
      expectError(await f.write(sender, 'setHold', [7n, 0n]), 'NotOperator', [7n, sender.address]);
    }
    expect(await f.snapshot([7n])).toEqual(before);
    // Cleared when the last pending work ends.
    await f.succeeds(f.write(f.operator, 'setHold', [7n, 0n]));
    expect((await f.getIssue(7n)).heldUntil).toBe(0n);
  });

  it('is refused on an unknown or settled issue', async () => {
    expectError(await f.write(f.operator, 'setHold', [7n, 1n]), 'IssueNotFound', [7n]);
    await f.createIssue(7n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'refund', [7n]));
    expectError(await f.write(f.operator, 'setHold', [7n, 1n]), 'AlreadyRefunded', [7n]);
  });
});

describe('refund', () => {
  it('by the operator, returns the whole bounty to the funder at any time, assigned or held', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    await f.succeeds(f.write(f.funder, 'addBounty', [7n, ETHER], ETHER));
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    await f.succeeds(f.write(f.operator, 'setHold', [7n, deadline + DAY]));
    const [operatorBefore, funderBefore, contributorBefore] = await balances(
      f.operator.address,
      f.funder.address,
      f.contributor.address,
    );
    expect(f.evm.now()).toBeLessThan(deadline);

    const outcome = await f.succeeds(f.write(f.operator, 'refund', [7n]));

    expect(
      await balances(f.operator.address, f.funder.address, f.contributor.address, f.escrow),
    ).toEqual([
      operatorBefore! - outcome.gasCost,
      funderBefore! + 2n * ETHER,
      contributorBefore,
      0n,
    ]);
    expect(f.eventsOf(outcome)).toEqual([
      {
        eventName: 'BountyRefunded',
        args: { id: 7n, funder: f.funder.address, amount: 2n * ETHER, by: f.operator.address },
      },
    ]);
    expect(await f.getIssue(7n)).toMatchObject({ status: status('refunded'), amount: 2n * ETHER });
    expect((await f.contractInfo())[3]).toBe(0n);
  });

  it('by the funder, is refused before the deadline, even with nothing pending', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    const before = await f.snapshot([7n]);
    for (const now of [f.evm.now(), deadline]) {
      f.evm.setNow(now);
      expectError(await f.write(f.funder, 'refund', [7n]), 'BeforeDeadline', [7n, deadline]);
    }
    expect(await f.snapshot([7n])).toEqual(before);
  });

  it('by the funder, after the deadline, returns the whole bounty once nothing is pending', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    f.evm.setNow(deadline + 1n);
    const [funderBefore] = await balances(f.funder.address);

    const outcome = await f.succeeds(f.write(f.funder, 'refund', [7n]));

    expect(await balances(f.funder.address, f.escrow)).toEqual([
      funderBefore! + ETHER - outcome.gasCost,
      0n,
    ]);
    expect(f.eventsOf(outcome)).toEqual([
      {
        eventName: 'BountyRefunded',
        args: { id: 7n, funder: f.funder.address, amount: ETHER, by: f.funder.address },
      },
    ]);
  });

  it('is refused to anyone but the funder and the operator, before the deadline and after', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    const before = await f.snapshot([7n]);
    for (const now of [f.evm.now(), deadline + 1n]) {
      f.evm.setNow(now);
      for (const sender of [f.stranger, f.contributor, f.otherFunder]) {
        const outcome = await f.write(sender, 'refund', [7n]);
        expectError(outcome, 'NotOperatorOrFunder', [7n, sender.address]);
      }
    }
    expect(await f.snapshot([7n])).toEqual(before);
  });

  it('is refused after a release, and after a refund', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    f.evm.setNow(deadline + 1n);
    const [funderBefore] = await balances(f.funder.address);
    const afterRelease = await f.write(f.funder, 'refund', [7n]);
    expectError(afterRelease, 'AlreadyReleased', [7n]);
    expectError(await f.write(f.operator, 'refund', [7n]), 'AlreadyReleased', [7n]);
    expect(await f.evm.balanceOf(f.funder.address)).toBe(funderBefore! - afterRelease.gasCost);

    await f.createIssue(8n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'refund', [8n]));
    expectError(await f.write(f.funder, 'refund', [8n]), 'AlreadyRefunded', [8n]);
    expectError(await f.write(f.operator, 'refund', [8n]), 'AlreadyRefunded', [8n]);
    expectError(await f.write(f.operator, 'refund', [9n]), 'IssueNotFound', [9n]);
    expect(await f.evm.balanceOf(f.escrow)).toBe(0n);
  });
});

describe('a funder cannot take back a bounty a contributor is working on', () => {
  it('refuses the funder’s refund while work is held, after the deadline too, until the hold ends', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, 4n * ETHER, deadline);
    // A contributor stakes on the issue: the operator records their pending work, past the deadline.
    const heldUntil = deadline + 30n * DAY;
    await f.succeeds(f.write(f.operator, 'setHold', [7n, heldUntil]));
    const before = await f.snapshot([7n]);

    for (const now of [f.evm.now(), deadline + 1n, heldUntil - 1n]) {
      f.evm.setNow(now);
      const outcome = await f.write(f.funder, 'refund', [7n]);
      expectError(
        outcome,
        now <= deadline ? 'BeforeDeadline' : 'WorkPending',
        now <= deadline ? [7n, deadline] : [7n, heldUntil],
      );
    }
    expect(await f.snapshot([7n])).toEqual(before);

    // The work is merged meanwhile: the operator pays it, and the funder has nothing to take.
    const [contributorBefore] = await balances(f.contributor.address);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    expect(await f.evm.balanceOf(f.contributor.address)).toBe(contributorBefore! + 4n * ETHER);
    expectError(await f.write(f.funder, 'refund', [7n]), 'AlreadyReleased', [7n]);
  });

  it('lets the funder refund once the operator clears the hold, or once it runs out', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    await f.createIssue(8n, f.funder, ETHER, deadline);
    await f.succeeds(f.write(f.operator, 'setHold', [7n, deadline + 10n * DAY]));
    await f.succeeds(f.write(f.operator, 'setHold', [8n, deadline + 10n * DAY]));
    f.evm.setNow(deadline + DAY);
    // The last pending stake on 7 settled unpaid: the operator clears its hold.
    await f.succeeds(f.write(f.operator, 'setHold', [7n, 0n]));
    await f.succeeds(f.write(f.funder, 'refund', [7n]));
    // The platform never cleared 8's hold (it went away): the hold ends by itself.
    expectError(await f.write(f.funder, 'refund', [8n]), 'WorkPending', [8n, deadline + 10n * DAY]);
    f.evm.setNow(deadline + 10n * DAY);
    await f.succeeds(f.write(f.funder, 'refund', [8n]));
    expect(await f.evm.balanceOf(f.escrow)).toBe(0n);
  });
});

describe('the attacks that drained the prototype', () => {
  it('self-assign and self-approve: nobody assigns themselves or releases to themselves', async () => {
    await f.createIssue(7n, f.funder, 2n * ETHER);
    const before = await f.snapshot([7n]);

    // A contributor names themselves and approves their own payout.
    expectError(
      await f.write(f.contributor, 'assign', [7n, f.contributor.address]),
      'NotOperator',
      [7n, f.contributor.address],
    );
    expectError(
      await f.write(f.contributor, 'release', [7n, f.contributor.address]),
      'NotOperator',
      [7n, f.contributor.address],
    );
    // The funder pays their bounty to themselves, or to an account of theirs, as its "winner".
    expectError(await f.write(f.funder, 'release', [7n, f.funder.address]), 'NotOperator', [
      7n,
      f.funder.address,
    ]);
    expectError(await f.write(f.funder, 'release', [7n, f.otherFunder.address]), 'NotOperator', [
      7n,
      f.funder.address,
    ]);
    // The operator pays the funder, or itself.
    expectError(await f.write(f.operator, 'release', [7n, f.funder.address]), 'AssigneeIsFunder', [
      7n,
      f.funder.address,
    ]);
    expectError(
      await f.write(f.operator, 'release', [7n, f.operator.address]),
      'AssigneeIsOperator',
      [7n, f.operator.address],
    );
    expect(await f.snapshot([7n])).toEqual(before);

    // Once rightly assigned, the assignee still cannot approve their own payout.
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    expectError(
      await f.write(f.contributor, 'release', [7n, f.contributor.address]),
      'NotOperator',
      [7n, f.contributor.address],
    );
    expect(await f.evm.balanceOf(f.escrow)).toBe(2n * ETHER);
  });

  it('anyone could withdraw someone else’s stake: nobody takes another funder’s bounty', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, 5n * ETHER, deadline);
    await f.createIssue(8n, f.otherFunder, ETHER, deadline);
    await f.succeeds(f.write(f.operator, 'assign', [7n, f.contributor.address]));
    f.evm.setNow(deadline + 1n);
    const before = await f.snapshot([7n, 8n]);

    for (const thief of [f.stranger, f.otherFunder, f.otherContributor]) {
      expectError(await f.write(thief, 'refund', [7n]), 'NotOperatorOrFunder', [7n, thief.address]);
      expectError(await f.write(thief, 'release', [7n, thief.address]), 'NotOperator', [
        7n,
        thief.address,
      ]);
      expectError(await f.write(thief, 'assign', [7n, thief.address]), 'NotOperator', [
        7n,
        thief.address,
      ]);
    }
    expect(await f.snapshot([7n, 8n])).toEqual(before);

    // The other funder's own refund returns their bounty and not a wei more.
    const [otherFunderBefore] = await balances(f.otherFunder.address);
    const refund = await f.succeeds(f.write(f.otherFunder, 'refund', [8n]));
    expect(await balances(f.otherFunder.address, f.escrow)).toEqual([
      otherFunderBefore! + ETHER - refund.gasCost,
      5n * ETHER,
    ]);
    expect(await f.getIssue(7n)).toEqual(before.issues[0]);
  });
});

describe('issuesOf', () => {
  it('lists the issues a user funded or was assigned to, each once, a page at a time', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.createIssue(8n, f.otherFunder, ETHER);
    await f.createIssue(9n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'assign', [9n, f.contributor.address]));
    await f.succeeds(f.write(f.operator, 'assign', [8n, f.contributor.address]));
    await f.succeeds(f.write(f.operator, 'assign', [8n, f.otherContributor.address]));
    await f.succeeds(f.write(f.operator, 'assign', [8n, f.contributor.address]));

    expect(await f.issuesOf(f.funder.address)).toEqual([[7n, 9n], 2n]);
    expect(await f.issuesOf(f.contributor.address)).toEqual([[9n, 8n], 2n]);
    expect(await f.issuesOf(f.otherContributor.address)).toEqual([[8n], 1n]);
    expect(await f.issuesOf(f.stranger.address)).toEqual([[], 0n]);
    expect(await f.issuesOf(f.funder.address, 1n, 5n)).toEqual([[9n], 2n]);
    expect(await f.issuesOf(f.funder.address, 0n, 1n)).toEqual([[7n], 2n]);
    expect(await f.issuesOf(f.funder.address, 2n, 1n)).toEqual([[], 2n]);
    expect(await f.issuesOf(f.funder.address, 0n, 0n)).toEqual([[], 2n]);
    expect(await f.issuesOf(f.funder.address, 1n, 2n ** 256n - 1n)).toEqual([[9n], 2n]);
  });
});

describe('the deadline', () => {
  it('bounds the funder only: the operator may still release after it', async () => {
    const deadline = f.evm.now() + DAY;
    await f.createIssue(7n, f.funder, ETHER, deadline);
    f.evm.setNow(deadline + DAY);
    expectError(await f.write(f.stranger, 'refund', [7n]), 'NotOperatorOrFunder', [
      7n,
      f.stranger.address,
    ]);
    const [contributorBefore] = await balances(f.contributor.address);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    expect(await f.evm.balanceOf(f.contributor.address)).toBe(contributorBefore! + ETHER);
  });
});
