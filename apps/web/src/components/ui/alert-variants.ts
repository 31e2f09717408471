import { cva } from 'class-variance-authority';

export const alertVariants = cva(
  'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        // Text on a light tint of its colour: the -text tokens (index.css), at least 4.5:1.
        destructive: 'border-destructive/40 bg-destructive/5 text-destructive-text',
        success: 'border-success/40 bg-success/10 text-success-text',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);
