import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface IssueFormSectionProps {
  title: string;
  description: ReactNode;
  /** The layout of the section's fields. */
  contentClassName: string;
  children: ReactNode;
}

/** One card of the create-issue forms: 'Issue', 'Stake & Bounty'. */
export function IssueFormSection({
  title,
  description,
  contentClassName,
  children,
}: IssueFormSectionProps) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
