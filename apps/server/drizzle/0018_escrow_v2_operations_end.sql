-- Escrow version 3 is a new contract at a new address: the operations still unsent were made for
-- version 2, where the operator paid every bounty in, and can no longer be sent. Those bounties
-- end in the version 2 contract under its rules (its operator may refund them there); the coin
-- bounties are unchanged.
UPDATE "chain_operations"
SET "status" = 'failed',
  "last_error" = 'made for escrow contract version 2; its bounties end in that contract',
  "locked_until" = NULL,
  "updated_at" = now()
WHERE "status" IN ('pending', 'sent');
