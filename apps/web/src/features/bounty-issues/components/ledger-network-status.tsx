import type { LedgerNetworkRecord } from '@openstake/core';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';

import { ExternalLink } from '../../../components/external-link';
import { txPreview } from '../lib/created-issue-message';

/**
 * A bounty issue's record on the ledger network: 'recorded' with its transaction (linked to the
 * explorer when one is configured), 'pending', or 'failed: reason'. Nothing when no network is
 * configured.
 */
export function LedgerNetworkStatus({ record }: { record: LedgerNetworkRecord }) {
  if (record.status === 'not_configured') return null;
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm" data-testid="ledger-network-status">
      <span className="text-muted-foreground">Blockchain:</span>
      {record.status === 'recorded' && (
        <>
          <span className="font-medium text-success">recorded</span>
          {record.explorerUrl ? (
            <ExternalLink
              href={record.explorerUrl}
              className="inline-flex items-center gap-1 font-mono text-primary underline-offset-4 hover:underline"
              aria-label={`Transaction ${record.txHash} on the explorer`}
            >
              {txPreview(record.txHash)}
              <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
            </ExternalLink>
          ) : (
            <span className="font-mono" title={record.txHash}>
              {txPreview(record.txHash)}
            </span>
          )}
        </>
      )}
      {record.status === 'pending' && <span className="font-medium">pending</span>}
      {record.status === 'failed' && (
        <span className="font-medium break-words text-destructive">failed: {record.reason}</span>
      )}
    </p>
  );
}
