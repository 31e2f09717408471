import { shortenAddress, WALLET_LABELS, WALLET_UNITS } from '@openstake/core';
import { CheckCircle2, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState, type ComponentProps, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { useUser } from '@/features/auth/user-context';
import { HederaBadge } from '@/features/wallet/components/hedera-badge';
import {
  useConnectWallet,
  type WalletConnection,
} from '@/features/wallet/hooks/use-connect-wallet';
import {
  continueTarget,
  readConnectWalletQuery,
  rememberConnectWalletQuery,
  takeRememberedQuery,
  type ConnectWalletQuery,
} from '@/features/wallet/lib/wallet-form';

/**
 * /connect-wallet: link a wallet to the signed-in account with
 * proof of ownership (decision 010). The wallet shows as connected (its card, 'Continue to
 * Issue') only once the server has linked it; a refusal is an error here, with the server's
 * reason and 'Try again'. A visitor who is not signed in signs in first and comes back with the
 * same query.
 */
export function ConnectWalletPage() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  const [search] = useState(() => {
    if (location.search !== '') return location.search;
    return takeRememberedQuery() ?? '';
  });
  const query = useMemo(() => readConnectWalletQuery(search), [search]);
  const navigate = useNavigate();
  const signedIn = user !== null;
  const addressHasQuery = location.search !== '';

  useEffect(() => {
    if (!isLoading && !signedIn) rememberConnectWalletQuery(search);
    // Back from signing in with the query remembered in the tab: the address gets it back, so a
    // reload or a bookmark of this page keeps the issue it came from.
    if (signedIn && !addressHasQuery && search !== '') {
      void navigate({ search }, { replace: true });
    }
  }, [isLoading, signedIn, addressHasQuery, search, navigate]);

  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/login?returnTo=%2Fconnect-wallet" replace />;
  if (user.role === 'company') {
    return (
      <div className="mx-auto grid max-w-xl gap-4 py-10">
        <h1 className="text-2xl font-bold">Connect Wallet</h1>
        <p className="text-muted-foreground">
          Company accounts do not link wallets: wallets receive contributors&apos; rewards.
        </p>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to Home
        </Link>
      </div>
    );
  }
  // Without ?github= or ?user=, the field starts with the account's own GitHub name (the only
  // one the server accepts).
  const prefilled = query.github ? query : { ...query, github: user.githubUsername ?? '' };
  return <ConnectWalletScreen query={prefilled} role={user.role} />;
}

function ConnectWalletScreen({
  query,
  role,
}: {
  query: ConnectWalletQuery;
  role: 'contributor' | 'maintainer';
}) {
  const flow = useConnectWallet(query);
  const target = continueTarget(query, role);
  const busy = flow.isStoring || flow.connecting !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.store();
  };

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 py-8">
      <div className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Wallet aria-hidden="true" className="size-6" />
          Connect Wallet
        </h1>
        <p className="text-muted-foreground">
          Link a wallet to your account so bounty payouts can reach you. Your wallet signs a message
          to prove it is yours; no funds move.
        </p>
      </div>

      {query.owner !== null && query.repo !== null && (
        <Alert data-testid="connect-wallet-origin">
          <AlertDescription className="flex flex-wrap items-center gap-2">
            <span>
              From {query.owner}/{query.repo}
            </span>
            {query.issue !== null && <Badge variant="secondary">#{query.issue}</Badge>}
          </AlertDescription>
        </Alert>
      )}

      {flow.connection ? (
        <ConnectedCard connection={flow.connection} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Your details</h2>
            </CardTitle>
            <CardDescription>
              The public address is your MetaMask address (0x…) or your Hedera account id (0.0.N).
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-5" onSubmit={onSubmit} noValidate>
              <WalletField
                id="wallet-github"
                label="GitHub username"
                value={flow.values.githubUsername}
                error={flow.errors.githubUsername}
                onChange={(value) => {
                  flow.change('githubUsername', value);
                }}
                disabled={busy}
                autoComplete="username"
              />
              <WalletField
                id="wallet-address"
                label="Public Address"
                value={flow.values.publicKey}
                error={flow.errors.publicKey}
                onChange={(value) => {
                  flow.change('publicKey', value);
                }}
                disabled={busy}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
              />
              <Button
                type="submit"
                variant={flow.isStored ? 'secondary' : 'default'}
                disabled={busy}
              >
                {flow.isStored && <CheckCircle2 aria-hidden="true" />}
                {flow.isStored ? 'Values Stored Successfully' : 'Store These Values'}
              </Button>
              {flow.isStored && (
                <p role="status" className="text-center text-sm text-success">
                  Ready to connect wallet!
                </p>
              )}
              <div className="grid gap-3 sm:grid-cols-2">
                <Button
                  type="button"
                  variant="outline"
                  onClick={flow.connectHedera}
                  disabled={busy}
                >
                  {flow.connecting === 'hedera' ? 'Connecting...' : 'Connect Hedera Wallet'}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={flow.connectMetamask}
                  disabled={busy}
                >
                  {flow.connecting === 'metamask' ? 'Connecting...' : 'Connect MetaMask'}
                </Button>
              </div>
            </form>
            {flow.hederaChallenge && (
              <HederaSignatureForm
                message={flow.hederaChallenge.message}
                busy={busy}
                onSubmit={flow.submitHederaSignature}
              />
            )}
            {flow.error && (
              <Alert variant="destructive" className="mt-5" data-testid="wallet-connect-error">
                <AlertTitle>Wallet not connected</AlertTitle>
                <AlertDescription className="grid gap-3">
                  <p>{flow.error}</p>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="w-fit"
                    onClick={flow.retry}
                    disabled={busy}
                  >
                    Try again
                  </Button>
                </AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
      )}

      <div className="flex flex-wrap gap-3">
        {flow.connection && (
          <Link to={target.path} className={buttonVariants()}>
            {target.label}
          </Link>
        )}
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}

/** A form field with its validation message, which the input names as its description. */
function WalletField({
  id,
  label,
  error,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
  onChange: (value: string) => void;
} & Pick<
  ComponentProps<typeof Input>,
  'value' | 'disabled' | 'autoComplete' | 'spellCheck' | 'className'
>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** No Hedera signer in the page: the challenge to sign in the user's wallet, and its signature. */
function HederaSignatureForm({
  message,
  busy,
  onSubmit,
}: {
  message: string;
  busy: boolean;
  onSubmit: (signature: string) => void;
}) {
  const [signature, setSignature] = useState('');
  return (
    <form
      className="mt-6 grid gap-3 border-t pt-5"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(signature);
      }}
    >
      <p className="text-sm">
        No Hedera wallet was found in this browser. Sign this message with your Hedera
        account&apos;s key in your wallet or tool, then paste the signature (hex).
      </p>
      <Label htmlFor="hedera-challenge">Message to sign</Label>
      <Textarea
        id="hedera-challenge"
        readOnly
        value={message}
        rows={9}
        className="font-mono text-xs"
      />
      <Label htmlFor="hedera-signature">Signature (hex)</Label>
      <Input
        id="hedera-signature"
        value={signature}
        spellCheck={false}
        className="font-mono"
        onChange={(e) => {
          setSignature(e.target.value);
        }}
        disabled={busy}
      />
      <Button type="submit" disabled={busy || signature.trim() === ''}>
        Verify Signature
      </Button>
    </form>
  );
}

function ConnectedCard({ connection }: { connection: WalletConnection }) {
  const config = useAppConfig();
  const rows: [string, string][] = [
    ['Wallet Type', WALLET_LABELS[connection.walletType]],
    ['GitHub Name', connection.githubUsername],
    ['Account ID', connection.accountId],
    ['Public Key', shortenAddress(connection.publicKey)],
  ];
  if (connection.balance !== 'N/A') {
    rows.push(['Balance', `${connection.balance} ${WALLET_UNITS[connection.walletType]}`]);
  }
  if (connection.walletType === 'hedera') {
    rows.push(['Contract Address', config.data?.escrowAddress ?? 'Not configured on this server']);
  }
  return (
    <Card data-testid="wallet-connected-card">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
            Wallet connected
            {connection.walletType === 'hedera' && <HederaBadge />}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-mono break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
