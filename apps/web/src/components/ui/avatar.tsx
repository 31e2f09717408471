import { Avatar as AvatarPrimitive } from 'radix-ui';

import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

interface AvatarProps {
  /** Image address; the initials show while it loads, when it fails, or when there is none. */
  src?: string | null | undefined;
  /** Whose picture this is: the accessible name and the source of the initials. */
  name: string;
  className?: string;
}

/** One accessible image ("{name}'s avatar") whether the picture or the initials show. */
export function Avatar({ src, name, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      role="img"
      aria-label={`${name}'s avatar`}
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt="" className="aspect-square size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        aria-hidden="true"
        className="flex size-full items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
