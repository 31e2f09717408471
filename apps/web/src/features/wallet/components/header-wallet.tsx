import { useWalletContext } from '../hooks/wallet-context';
import { WalletMenu } from './wallet-menu';

/** The wallet dropdown of a signed-in area's header, on the area's WalletProvider. */
export function HeaderWallet() {
  const wallet = useWalletContext();
  return (
    <WalletMenu
      state={wallet.state}
      status={wallet.status}
      onConnect={(walletType) => {
        void wallet.connect(walletType);
      }}
      onCopyAddress={() => {
        void wallet.copyAddress();
      }}
      onDisconnect={wallet.disconnect}
    />
  );
}
