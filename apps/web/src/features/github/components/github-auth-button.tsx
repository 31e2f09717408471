import { cn } from '@/lib/utils';
import { buttonVariants } from '@/components/ui/button-variants';
import { GithubIcon } from './github-icon';

interface GithubAuthButtonProps {
  label: string;
  /** Where the browser goes; null renders a disabled button instead of a link. */
  href: string | null;
  /** Why the button is disabled, shown below it. */
  disabledHint?: string;
}

/**
 * 'Sign in with GitHub' / 'Sign up with GitHub': a link, because the server answers with a
 * redirect to GitHub. A link cannot be disabled, so the disabled state is a real disabled button.
 */
export function GithubAuthButton({ label, href, disabledHint }: GithubAuthButtonProps) {
  const className = cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full');
  if (href !== null) {
    return (
      <a href={href} className={className}>
        <GithubIcon aria-hidden="true" />
        {label}
      </a>
    );
  }
  return (
    <div className="grid gap-2">
      <button
        type="button"
        disabled
        className={className}
        aria-describedby={disabledHint ? 'github-auth-hint' : undefined}
      >
        <GithubIcon aria-hidden="true" />
        {label}
      </button>
      {disabledHint && (
        <p id="github-auth-hint" className="text-center text-xs text-muted-foreground">
          {disabledHint}
        </p>
      )}
    </div>
  );
}
