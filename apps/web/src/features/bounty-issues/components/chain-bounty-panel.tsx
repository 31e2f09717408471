import { shortenAddress, type ChainBounty } from '@openstake/core';
import { AlertCircle, ExternalLink as ExternalLinkIcon, FlaskConical, Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { ExternalLink } from '@/components/external-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { formatDate } from '@/lib/format-date';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { walletErrorMessage } from '@/features/wallet/lib/wallet-connectors';
import { useChainBountyFunding, type FundingWallet } from '../hooks/use-chain-bounty-funding';
import {
  CHAIN_BOUNTY_STATUS_LABELS,
  CHAIN_BOUNTY_STATUS_VARIANTS,
  deadlineIso,
} from '../lib/chain-bounty-status';
import { chainAmountText, txPreview } from '../lib/created-issue-message';

function TxLink({ label, tx }: { label: string; tx: NonNullable<ChainBounty['fundingTx']> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="text-muted-foreground">{label}</span>
      {tx.explorerUrl ? (
        <ExternalLink
          href={tx.explorerUrl}
          className="inline-flex items-center gap-1 font-mono text-primary underline-offset-4 hover:underline"
          aria-label={`${label} transaction ${tx.hash} on the explorer`}
        >
          {txPreview(tx.hash)}
          <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
        </ExternalLink>
      ) : (
        <span className="font-mono" title={tx.hash}>
          {txPreview(tx.hash)}
        </span>
      )}
    </span>
  );
}

/** A failed funding step, in the user's words: the wallet's own refusal, or the server's. */
const fundingError = (error: unknown): string =>
  errorMessage(error, walletErrorMessage(error, 'The chain bounty could not be funded'));

function FundingAction({
  bounty,
  wallet,
  demoWallets,
  funding,
}: {
  bounty: ChainBounty;
  wallet: FundingWallet;
  demoWallets: boolean;
  funding: ReturnType<typeof useChainBountyFunding>;
}) {
  const { fund, demoWallet, step, sentTxHash } = funding;
  const amount = chainAmountText(bounty);
  const busy = fund.isPending || demoWallet.isPending;
  const pay = () => {
    fund.mutate(bounty, {
      onSuccess: (result) => {
        if (result.status === 'funded') {
          toast.success(`${amount} chain bounty funded from your wallet`);
        }
      },
      onError: (error) => {
        toast.error(fundingError(error), { richColors: true });
      },
    });
  };

  if (wallet.kind === 'loading') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Looking up your linked wallet...
      </p>
    );
  }
  if (wallet.kind === 'none') {
    if (!demoWallets) {
      return (
        <div className="grid gap-2 text-sm">
          <p>Link a wallet to your account: it pays this chain bounty in, and you sign it.</p>
          <Link to="/connect-wallet" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
            <Link2 aria-hidden="true" />
            Link a wallet
          </Link>
        </div>
      );
    }
    return (
      <div className="grid gap-2 text-sm">
        <p>
          No wallet is linked to your account. This demo can make you one on its local test chain,
          with test currency that is worth nothing.
        </p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => {
            demoWallet.mutate(false, {
              onError: (error) => {
                toast.error(errorMessage(error, 'The demo wallet could not be made'), {
                  richColors: true,
                });
              },
            });
          }}
        >
          {demoWallet.isPending ? <Spinner /> : <FlaskConical aria-hidden="true" />}
          Use a demo wallet
        </Button>
      </div>
    );
  }

  const stepText =
    step === 'signing'
      ? wallet.kind === 'demo'
        ? 'Your demo wallet is paying it in...'
        : 'Confirm the payment in your wallet...'
      : step === 'checking'
        ? 'Checking the chain for your payment...'
        : null;
  const label = sentTxHash
    ? 'Check the funding again'
    : wallet.kind === 'demo'
      ? `Fund ${amount} from your demo wallet`
      : `Fund ${amount} from your wallet`;
  return (
    <div className="grid gap-2 text-sm">
      {wallet.kind === 'demo' ? (
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant="warning" data-testid="demo-wallet-badge">
            <FlaskConical aria-hidden="true" />
            Demo wallet on a local test chain
          </Badge>
          <span className="font-mono text-xs" title={wallet.address}>
            {shortenAddress(wallet.address)}
          </span>
        </p>
      ) : (
        <p className="text-muted-foreground">
          From your linked wallet{' '}
          <span className="font-mono" title={wallet.address}>
            {shortenAddress(wallet.address)}
          </span>
          : it shows you the payment and its network fee before you sign.
        </p>
      )}
      <Button type="button" size="sm" disabled={busy} onClick={pay} className="w-fit">
        {fund.isPending && <Spinner />}
        {label}
      </Button>
      {stepText && (
        <p role="status" className="text-muted-foreground">
          {stepText}
        </p>
      )}
      {fund.isError && (
        <Alert variant="destructive" data-testid="chain-funding-error">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Not funded yet</AlertTitle>
          <AlertDescription>
            <p className="break-words">{fundingError(fund.error)}</p>
            <p>
              The issue and its coin bounty are unaffected.{' '}
              {sentTxHash
                ? 'Your wallet sent the payment: check again in a moment.'
                : 'You can try again.'}
            </p>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}

/**
 * A bounty issue's chain bounty: the chain's currency (never coins), what became of it (awaiting
 * funding, funded, released, refunded, never funded, refused), its transactions, and while it
 * awaits funding, the way to pay it in from the maintainer's own wallet, retried as often as
 * needed.
 */
export function ChainBountyPanel({
  issueId,
  chainBounty,
}: {
  issueId: number;
  chainBounty: ChainBounty;
}) {
  const config = useAppConfig();
  const funding = useChainBountyFunding(issueId);
  const bounty = funding.fund.data ?? chainBounty;
  const demoWallets = config.data?.chain?.demoWallets ?? false;
  return (
    <section
      aria-label="Chain bounty"
      className="grid gap-2 rounded-lg border p-3 text-sm"
      data-testid="chain-bounty"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Chain bounty</span>
        <span className="font-semibold tabular-nums" data-testid="chain-bounty-amount">
          {chainAmountText(bounty)}
        </span>
        <Badge
          variant={CHAIN_BOUNTY_STATUS_VARIANTS[bounty.status]}
          data-testid="chain-bounty-status"
        >
          {CHAIN_BOUNTY_STATUS_LABELS[bounty.status]}
        </Badge>
      </p>
      <p className="text-xs text-muted-foreground">
        In {bounty.symbol} on the ledger network (chain {bounty.chainId}), paid in from your own
        wallet: not coins. Promised to contributors until{' '}
        <time dateTime={deadlineIso(bounty.deadline)}>
          {formatDate(deadlineIso(bounty.deadline))}
        </time>
        .
      </p>
      {(bounty.fundingTx ?? bounty.endTx ?? bounty.funder) && (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          {bounty.funder && (
            <span>
              <span className="text-muted-foreground">Paid in by </span>
              <span className="font-mono" title={bounty.funder}>
                {shortenAddress(bounty.funder)}
              </span>
            </span>
          )}
          {bounty.fundingTx && <TxLink label="Funding" tx={bounty.fundingTx} />}
          {bounty.endTx && (
            <TxLink label={bounty.status === 'released' ? 'Release' : 'Refund'} tx={bounty.endTx} />
          )}
        </p>
      )}
      {bounty.note && (
        <p className="break-words text-muted-foreground" data-testid="chain-bounty-note">
          {bounty.note}
        </p>
      )}
      {bounty.status === 'awaiting_funding' && (
        <FundingAction
          bounty={bounty}
          wallet={funding.wallet}
          demoWallets={demoWallets}
          funding={funding}
        />
      )}
    </section>
  );
}
