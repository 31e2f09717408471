import { bountyEscrowAbi, bountyEscrowBytecode } from '@openstake/contracts';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvmDevnet, type EvmDevnet } from './index';

let node: EvmDevnet;
const clients = () => {
  const chain = defineChain({
    id: node.chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  const transport = http(node.url);
  const wallet = (index: number) =>
    createWalletClient({
      chain,
      transport,
      account: privateKeyToAccount((node.accounts[index] as { privateKey: Hex }).privateKey),
    });
  return { publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }), wallet };
};

/** The revert's custom error name, as viem decodes it from the JSON-RPC error's data. */
function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) throw error;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
}

beforeAll(async () => {
  node = await startEvmDevnet({ chainId: 31337 });
});
afterAll(async () => {
  await node.close();
});

describe('the EVM devnet over JSON-RPC', () => {
  it('answers chain, balance, block and fee reads as viem asks them', async () => {
    const { publicClient } = clients();
    expect(await publicClient.getChainId()).toBe(31337);
    const operator = node.accounts[0]?.address as Hex;
    expect(await publicClient.getBalance({ address: operator })).toBe(parseEther('10000'));
    const block = await publicClient.getBlock();
    expect(block.number).toBeGreaterThanOrEqual(0n);
    expect(block.baseFeePerGas).toBe(1_000_000_000n);
    const fees = await publicClient.estimateFeesPerGas();
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(1_000_000_000n);
    const history = await publicClient.getFeeHistory({ blockCount: 2, rewardPercentiles: [50] });
    expect(history.baseFeePerGas.length).toBeGreaterThan(0);
    expect(await publicClient.getGasPrice()).toBe(1_000_000_000n);
  });

  it('sends value, mines a block per transaction and serves its receipt and transaction', async () => {
    const { publicClient, wallet } = clients();
    const to = '0x00000000000000000000000000000000000000aa';
    const before = await publicClient.getBlockNumber();
    const hash = await wallet(1).sendTransaction({ to, value: 123n });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.blockNumber).toBe(before + 1n);
    expect(receipt.gasUsed).toBe(21_000n);
    expect(await publicClient.getBalance({ address: to })).toBe(123n);
    const tx = await publicClient.getTransaction({ hash });
    expect(tx.from).toBe(node.accounts[1]?.address.toLowerCase());
    expect(tx.value).toBe(123n);
    expect(await publicClient.getTransactionCount({ address: tx.from })).toBe(1);
    // The same signed bytes again are refused, not mined twice.
    await expect(
      publicClient.request({
        method: 'eth_sendRawTransaction',
        params: [
          await wallet(1).signTransaction({
            to,
            value: 1n,
            nonce: 0,
            gas: 21_000n,
            maxFeePerGas: 2_000_000_000n,
            maxPriorityFeePerGas: 0n,
          }),
        ],
      }),
    ).rejects.toThrow(/nonce too low/);
  });

  it('deploys the escrow, calls it, decodes its custom errors and serves its events', async () => {
    const { publicClient, wallet } = clients();
    const operator = wallet(2);
    const deployHash = await operator.deployContract({
      abi: bountyEscrowAbi,
      bytecode: bountyEscrowBytecode,
      args: [operator.account.address],
    });
    const deployed = await publicClient.waitForTransactionReceipt({ hash: deployHash });
    const escrow = deployed.contractAddress as Hex;
    expect(await publicClient.getCode({ address: escrow })).toMatch(/^0x6080/);

    const block = await publicClient.getBlock();
    const deadline = block.timestamp + 86_400n;
    // A maintainer's wallet funds the bounty: the escrow takes none from its operator.
    const funder = wallet(4);
    const hash = await funder.writeContract({
      address: escrow,
      abi: bountyEscrowAbi,
      functionName: 'createIssue',
      args: [42n, deadline],
      value: parseEther('1'),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const issue = await publicClient.readContract({
      address: escrow,
      abi: bountyEscrowAbi,
      functionName: 'getIssue',
      args: [42n],
    });
    expect(issue.amount).toBe(parseEther('1'));
    expect(issue.funder).toBe(funder.account.address);
    expect(await publicClient.getBalance({ address: escrow })).toBe(parseEther('1'));

    const events = await publicClient.getContractEvents({
      address: escrow,
      abi: bountyEscrowAbi,
      eventName: 'IssueCreated',
      args: { id: 42n },
      fromBlock: 0n,
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.args).toMatchObject({ id: 42n, amount: parseEther('1'), deadline });
    expect(events[0]?.transactionHash).toBe(hash);
    const none = await publicClient.getContractEvents({
      address: escrow,
      abi: bountyEscrowAbi,
      eventName: 'IssueCreated',
      args: { id: 43n },
      fromBlock: 0n,
    });
    expect(none).toHaveLength(0);

    // A second record for the id: refused at the estimate, with the contract's own error.
    const again = await funder
      .writeContract({
        address: escrow,
        abi: bountyEscrowAbi,
        functionName: 'createIssue',
        args: [42n, deadline],
        value: 1n,
      })
      .catch((error: unknown) => error);
    expect(revertName(again)).toBe('IssueAlreadyExists');
    // And through eth_call (simulate) by a stranger.
    const stranger = wallet(3);
    const simulated = await publicClient
      .simulateContract({
        account: stranger.account,
        address: escrow,
        abi: bountyEscrowAbi,
        functionName: 'release',
        args: [42n, stranger.account.address],
      })
      .catch((error: unknown) => error);
    expect(revertName(simulated)).toBe('NotOperator');
    // A transaction sent with its own gas limit is mined and reverts: status reverted, no state.
    const reverted = await funder.writeContract({
      address: escrow,
      abi: bountyEscrowAbi,
      functionName: 'createIssue',
      args: [42n, deadline],
      value: 1n,
      gas: 200_000n,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: reverted })).status).toBe(
      'reverted',
    );
    expect(await publicClient.getBalance({ address: escrow })).toBe(parseEther('1'));
  });

  it('moves time forward for deadlines and funds an address', async () => {
    const { publicClient } = clients();
    const before = BigInt(Math.floor(Date.now() / 1000));
    await publicClient.request({ method: 'evm_increaseTime' as never, params: [3600] as never });
    await publicClient.request({ method: 'evm_mine' as never, params: [] as never });
    const after = (await publicClient.getBlock()).timestamp;
    expect(after - before).toBeGreaterThanOrEqual(3600n);
    const someone = '0x00000000000000000000000000000000000000bb';
    await publicClient.request({
      method: 'anvil_setBalance' as never,
      params: [someone, '0x64'] as never,
    });
    expect(await publicClient.getBalance({ address: someone })).toBe(100n);
  });

  it('answers JSON-RPC errors for unknown methods, bad params and bad bodies', async () => {
    const post = async (body: string) =>
      (
        await fetch(node.url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        })
      ).json();
    expect(await post('{"jsonrpc":"2.0","id":1,"method":"eth_nope","params":[]}')).toMatchObject({
      id: 1,
      error: { code: -32601 },
    });
    expect(
      await post('{"jsonrpc":"2.0","id":2,"method":"eth_getBalance","params":["0x12"]}'),
    ).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(await post('{not json')).toMatchObject({ error: { code: -32700 } });
    const batch = (await post(
      '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"net_version"}]',
    )) as { result: string }[];
    expect(batch.map((r) => r.result)).toEqual(['0x7a69', '31337']);
  });
});
