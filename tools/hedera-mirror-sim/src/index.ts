export {
  startHederaMirrorSim,
  type HederaMirrorSim,
  type MirrorKeyType,
  type SimAccountInput,
  type StartHederaMirrorSimOptions,
} from './start-hedera-mirror-sim';
