import type { AppContext } from '../../context';
import type { ChainOperation, NewestPendingStake } from './chain-operations';
import { sendChainOperation } from './send-chain-operations';

/**
 * How long a request waits for its chain operation's first send before it answers 'pending' (the
 * send goes on after the answer, and the outbox job retries it): long enough for a local chain or
 * Hedera's few seconds, short enough that a chain that does not answer never holds a request up.
 */
const CHAIN_SEND_WAIT_MS = 8_000;

/**
 * Sends an operation just committed, right after its request, and waits for it a few seconds:
 * returns the operation as the send left it, or as it was if the send takes longer.
 */
export async function sendSoon(
  operation: ChainOperation,
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'chain' | 'background'>,
  newestPendingStake: NewestPendingStake,
): Promise<ChainOperation> {
  const send = sendChainOperation(operation.id, ctx, newestPendingStake);
  ctx.background.run('send a chain operation after its request', () => send);
  const sent = await Promise.race([
    send.catch(() => undefined),
    new Promise<undefined>((resolve) => {
      setTimeout(() => resolve(undefined), CHAIN_SEND_WAIT_MS).unref();
    }),
  ]);
  return sent ?? operation;
}
