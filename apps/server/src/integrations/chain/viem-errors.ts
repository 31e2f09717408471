import { BaseError, ContractFunctionRevertedError } from 'viem';
import { ChainError } from './chain';

/** A viem error as a ChainError: the contract's refusal by name, or the chain unreachable. */
export function toChainError(error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      const name = reverted.data?.errorName;
      return new ChainError(
        'reverted',
        name ? `the escrow contract refused: ${name}` : 'the escrow contract refused the call',
        name,
      );
    }
    return new ChainError('unavailable', error.shortMessage || 'the chain did not answer');
  }
  return new ChainError(
    'unavailable',
    error instanceof Error ? error.message : 'the chain did not answer',
  );
}
