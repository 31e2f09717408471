import {
  Award,
  GitMerge,
  MessageSquareText,
  Puzzle,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';

import { LANDING_RANKS } from './landing-ranks';
import { XP_SOURCES } from './landing-content';
import { SectionHeading } from './section-heading';

const SOURCE_ICONS: readonly LucideIcon[] = [GitMerge, MessageSquareText, Puzzle, ThumbsUp];

export function RankingSection() {
  return (
    <section
      id="ranking"
      aria-labelledby="ranking-title"
      className="scroll-mt-20 bg-muted/40 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="ranking-title"
          eyebrow="Ranking progression"
          title="Climb from Rookie to Open Source Legend"
          description="Your rank follows your XP, earned from real, merged work. It is on your profile for maintainers and recruiters to see."
        />

        <ol className="mt-12 grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
          {LANDING_RANKS.map((rank, index) => (
            <li key={rank.name} className="relative rounded-xl border bg-card p-4 shadow-xs">
              <div className="flex items-center gap-2 text-primary">
                <Award aria-hidden="true" className="size-4" />
                <span className="text-xs font-medium text-muted-foreground">Level {index + 1}</span>
              </div>
              <p className="mt-2 font-semibold">{rank.name}</p>
              <p className="text-sm text-muted-foreground">{rank.range} XP</p>
            </li>
          ))}
        </ol>

        <div className="mt-12">
          <h3 className="text-center text-lg font-semibold">How you earn XP</h3>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {XP_SOURCES.map((source, index) => {
              const Icon = SOURCE_ICONS[index] ?? GitMerge;
              return (
                <li key={source.title} className="flex gap-3 rounded-lg border bg-card p-4">
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                  <div>
                    <p className="font-medium">{source.title}</p>
                    <p className="text-sm text-muted-foreground">{source.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
