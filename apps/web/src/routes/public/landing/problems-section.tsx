import { Briefcase, Building2, GitPullRequest, Wrench, type LucideIcon } from 'lucide-react';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PROBLEMS } from './landing-content';
import { SectionHeading } from './section-heading';

const ICONS: Record<string, LucideIcon> = {
  Maintainers: Wrench,
  Contributors: GitPullRequest,
  Organizations: Building2,
  Recruiters: Briefcase,
};

export function ProblemsSection() {
  return (
    <section aria-labelledby="problems-title" className="bg-muted/40 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="problems-title"
          eyebrow="Problems solved"
          title="Open source has an incentive problem"
          description="Maintainers drown in low-effort pull requests, great contributors go unrecognised, and hiring still runs on résumés. Staking fixes the incentives for everyone."
        />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROBLEMS.map(({ audience, problem, solution }) => {
            const Icon = ICONS[audience] ?? GitPullRequest;
            return (
              <Card key={audience} className="gap-4">
                <CardHeader>
                  <div className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </div>
                  <CardTitle asChild className="mt-2 text-base">
                    <h3>For {audience.toLowerCase()}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
                  <p className="font-medium">{problem}</p>
                  <p className="text-muted-foreground">{solution}</p>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}
