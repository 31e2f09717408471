import { CircleCheck, CircleMinus, RotateCcw, type LucideIcon } from 'lucide-react';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { OUTCOMES } from './landing-content';
import { SectionHeading } from './section-heading';

const TONE: Record<(typeof OUTCOMES)[number]['tone'], { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'bg-success/10 text-success' },
  warning: { icon: CircleMinus, className: 'bg-warning/15 text-warning' },
  neutral: { icon: RotateCcw, className: 'bg-primary/10 text-primary' },
};

const STEPS = [
  { title: 'Stake', text: 'Choose a bounty issue and stake the coins it requires.' },
  { title: 'Contribute', text: 'Open your pull request and link it to your stake.' },
  {
    title: 'Settle',
    text: 'When the pull request is merged, reviewed or left alone, the stake settles.',
  },
];

export function RiskRewardSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="risk-reward-title"
      className="scroll-mt-20 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="risk-reward-title"
          eyebrow="Risk and reward"
          title="Low risk, real reward"
          description="Every stake ends in one of three ways, and you always know which before you start."
        />

        <ol className="mx-auto mt-10 grid max-w-4xl gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3 rounded-lg border bg-card p-4">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-semibold">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>

        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {OUTCOMES.map((outcome) => {
            const { icon: Icon, className } = TONE[outcome.tone];
            return (
              <Card key={outcome.title} className="gap-4">
                <CardHeader>
                  <div
                    className={cn(
                      'flex size-10 items-center justify-center rounded-full',
                      className,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </div>
                  <CardTitle asChild className="mt-2 text-base">
                    <h3>{outcome.title}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
                  <p className="font-semibold">{outcome.result}</p>
                  <p className="text-muted-foreground">{outcome.detail}</p>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}
