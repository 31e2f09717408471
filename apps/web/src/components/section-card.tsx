import type { ReactNode } from 'react';

import { Card, CardContent, CardHeader, CardTitle } from './ui/card';

/** A card with a title above its content, as the profile pages lay out their sections. */
export function SectionCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
