// Hardhat's defaults: `hardhat node` serves an EDR chain (chain id 31337, automine, 20 funded
// accounts from its public test mnemonic) over JSON-RPC.
import { defineConfig } from 'hardhat/config';

export default defineConfig({});
