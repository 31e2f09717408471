import { dashboardPath } from '@openstake/core';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { ProblemsSection } from './problems-section';
import { RankingSection } from './ranking-section';
import { RiskRewardSection } from './risk-reward-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useLandingUser } from './use-landing-user';

function ClosingCallToAction() {
  const user = useLandingUser();
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance">
            Put some skin in the game
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-primary-foreground/85">
            Join OpenStake, claim your 100 free coins and stake on your first issue today.
          </p>
          <Button size="lg" variant="secondary" asChild className="mt-8">
            {user ? (
              <Link to={dashboardPath(user.role)}>
                Back to your dashboard
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : (
              <Link to="/signUp">
                Create your free account
                <ArrowRight aria-hidden="true" />
              </Link>
            )}
          </Button>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <HeroSection />
        <ProblemsSection />
        <RiskRewardSection />
        <RankingSection />
        <PricingSection />
        <FaqSection />
        <ClosingCallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
