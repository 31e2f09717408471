import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

type ThumbProps = Pick<
  ComponentProps<typeof SliderPrimitive.Thumb>,
  'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-valuetext'
>;

/**
 * A single-value slider on Radix Slider. The focusable element with role="slider" is the thumb,
 * so the accessible name and value text go there: pass `thumbProps` with `aria-labelledby` (or
 * `aria-label`) and, when the number alone says little, `aria-valuetext`.
 */
export function Slider({
  className,
  thumbProps,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbProps?: ThumbProps }) {
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-primary/15"
      >
        <SliderPrimitive.Range data-slot="slider-range" className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        data-slot="slider-thumb"
        className="block size-4 shrink-0 rounded-full border border-primary bg-background shadow-sm transition-[color,box-shadow] outline-none hover:ring-4 hover:ring-ring/30 focus-visible:ring-4 focus-visible:ring-ring/50 disabled:pointer-events-none"
        {...thumbProps}
      />
    </SliderPrimitive.Root>
  );
}
