import type { AppContext } from '../../../context';
import { appLink, renderMail, type MailEnvelope, type MailMessage } from '../mail-template';

/** How long a confirmation link works. */
export const VERIFY_EMAIL_LINK_HOURS = 24;

/**
 * The confirmation of an address: sent at sign-up (and to an existing account asked to confirm),
 * with the link `${PUBLIC_URL}/verify-email?token=...`. `token` is the secret the link carries;
 * only its hash is stored by the caller.
 */
export function verifyEmailMail(
  input: MailEnvelope & { token: string },
  ctx: Pick<AppContext, 'publicUrl'>,
): MailMessage {
  return renderMail(
    'verify-email',
    {
      subject: 'Confirm your email address for OpenStake',
      blocks: [
        { paragraph: 'Welcome to OpenStake.' },
        {
          paragraph:
            'Confirm that this address is yours to finish setting up your account. Until you do, other people see it marked as not verified.',
        },
        {
          button: 'Confirm email address',
          url: appLink(ctx, '/verify-email', { token: input.token }),
        },
        {
          note: `The link expires in ${String(VERIFY_EMAIL_LINK_HOURS)} hours. If you did not sign up for OpenStake, ignore this mail: nothing is confirmed without the link.`,
        },
      ],
    },
    input,
    ctx,
  );
}
