import { dashboardPath } from '@openstake/core';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SampleProfileCard } from './sample-profile-card';
import { useLandingUser } from './use-landing-user';

export function HeroSection() {
  const user = useLandingUser();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-accent/70 via-background to-background"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div className="grid gap-6 text-center lg:text-left">
          <Badge variant="outline" className="mx-auto bg-background lg:mx-0">
            <ShieldCheck aria-hidden="true" />
            Stake coins. Ship pull requests. Earn XP.
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Better contributions come from developers with skin in the game
          </h1>
          <p className="mx-auto max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            OpenStake lets contributors stake virtual coins on the issues they take on. Maintainers
            get committed pull requests, contributors earn coins, XP and a rank for merged work, and
            companies find proven developers.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button size="lg" asChild>
              {user ? (
                <Link to={dashboardPath(user.role)}>
                  Go to Dashboard
                  <ArrowRight aria-hidden="true" />
                </Link>
              ) : (
                <Link to="/login" data-testid="hero-get-started">
                  Get Started
                  <ArrowRight aria-hidden="true" />
                </Link>
              )}
            </Button>
            <Button size="lg" variant="outline" asChild>
              <a href="#how-it-works">See how staking works</a>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            Free for contributors: 100 virtual coins every month.
          </p>
        </div>
        <div className="flex justify-center lg:justify-end">
          <SampleProfileCard />
        </div>
      </div>
    </section>
  );
}
