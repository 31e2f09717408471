export { Devnet, devAccount, ETHER, BASE_FEE, type DevAccount, type DevnetOptions } from './devnet';
export { answerJsonRpc } from './rpc';
export { startEvmDevnet, type EvmDevnet } from './server';
