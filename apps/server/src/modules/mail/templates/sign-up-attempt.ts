import type { AppContext } from '../../../context';
import { appLink, renderMail, type MailEnvelope, type MailMessage } from '../mail-template';

/**
 * Sign-up with an address that already has an account: nothing is created and the answer is the
 * usual one (sign-up never tells who has an account), so the owner is told here instead.
 */
export function signUpAttemptMail(
  input: MailEnvelope,
  ctx: Pick<AppContext, 'publicUrl'>,
): MailMessage {
  return renderMail(
    'sign-up-attempt',
    {
      subject: 'Someone tried to sign up to OpenStake with your address',
      blocks: [
        {
          paragraph:
            'Someone tried to create an OpenStake account with this address. It already has an account, so nothing was created and nothing changed.',
        },
        {
          paragraph:
            'If it was you, sign in instead; if you forgot your password, choose a new one from the sign-in page.',
        },
        { button: 'Sign in', url: appLink(ctx, '/login') },
        { note: 'If it was not you, ignore this mail: your account is as it was.' },
      ],
    },
    input,
    ctx,
  );
}
