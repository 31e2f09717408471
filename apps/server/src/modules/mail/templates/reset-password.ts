import type { AppContext } from '../../../context';
import { appLink, renderMail, type MailEnvelope, type MailMessage } from '../mail-template';

/** How long a password reset link works. */
export const RESET_PASSWORD_LINK_MINUTES = 30;

/**
 * A password reset asked for on /login ("Forgot password?"), with the single-use link
 * `${PUBLIC_URL}/reset-password?token=...`. `token` is the secret the link carries; only its
 * hash is stored by the caller.
 */
export function resetPasswordMail(
  input: MailEnvelope & { token: string },
  ctx: Pick<AppContext, 'publicUrl'>,
): MailMessage {
  return renderMail(
    'reset-password',
    {
      subject: 'Reset your OpenStake password',
      blocks: [
        {
          paragraph:
            'Someone asked to reset the password of the OpenStake account with this address.',
        },
        {
          button: 'Choose a new password',
          url: appLink(ctx, '/reset-password', { token: input.token }),
        },
        {
          note: `The link works once, for ${String(RESET_PASSWORD_LINK_MINUTES)} minutes. Choosing a new password signs you out everywhere else. If you did not ask for it, ignore this mail: your password stays as it is.`,
        },
      ],
    },
    input,
    ctx,
  );
}
