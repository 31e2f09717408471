import { shortenAddress, WALLET_LABELS, WALLET_UNITS, type WalletType } from '@openstake/core';
import { ChevronDown, Copy, LogOut, Wallet } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { HederaBadge } from './hedera-badge';
import { type WalletState, type WalletStatus } from '../lib/wallet-state';

interface WalletMenuProps {
  state: WalletState;
  status: WalletStatus;
  onConnect: (walletType: WalletType) => void;
  onCopyAddress: () => void;
  onDisconnect: () => void;
}

/**
 * The header's wallet dropdown: 'Connect Wallet' with the two wallets, then the
 * shortened address and balance with Copy Address and Disconnect.
 */
export function WalletMenu({
  state,
  status,
  onConnect,
  onCopyAddress,
  onDisconnect,
}: WalletMenuProps) {
  if (status === 'loading') {
    return (
      <Button variant="outline" size="sm" disabled aria-busy="true">
        <Wallet aria-hidden="true" />
        <span className="sr-only">Loading your wallet</span>
      </Button>
    );
  }

  if (status === 'connecting') {
    return (
      <Button variant="outline" size="sm" disabled aria-live="polite">
        <Spinner />
        <span className="sr-only sm:not-sr-only">Connecting...</span>
      </Button>
    );
  }

  if (status === 'connected' && state.accountId !== null && state.walletType !== null) {
    const short = shortenAddress(state.accountId);
    const balance =
      state.balance === null ? null : `${state.balance} ${WALLET_UNITS[state.walletType]}`;
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Wallet ${short}${balance === null ? '' : `, ${balance}`}`}
            data-testid="wallet-connected"
          >
            <Wallet aria-hidden="true" />
            {state.walletType === 'hedera' && <HederaBadge className="hidden md:inline-flex" />}
            <span className="hidden font-mono text-xs sm:inline">{short}</span>
            {balance !== null && (
              <span className="hidden text-xs text-muted-foreground tabular-nums lg:inline">
                {balance}
              </span>
            )}
            <ChevronDown aria-hidden="true" className="hidden opacity-60 sm:block" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="grid gap-0.5">
            <span>{WALLET_LABELS[state.walletType]}</span>
            <span className="font-mono font-normal break-all">{state.accountId}</span>
            {balance !== null && <span className="font-normal">Balance: {balance}</span>}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onCopyAddress}>
            <Copy aria-hidden="true" />
            Copy Address
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onDisconnect}>
            <LogOut aria-hidden="true" />
            Disconnect
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Wallet aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Connect Wallet</span>
          <ChevronDown aria-hidden="true" className="hidden opacity-60 sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() => {
            onConnect('hedera');
          }}
        >
          Connect Hedera Wallet
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            onConnect('metamask');
          }}
        >
          Connect MetaMask
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
