import { SectionCard } from '@/components/section-card';
import { TabsContent } from '@/components/ui/tabs';
import { AnalysisRepositories } from './analysis-repositories';

/** The 'Repositories' tab panel of the profile and the settings pages. */
export function RepositoriesTab() {
  return (
    <TabsContent value="repositories">
      <SectionCard title="Repositories">
        <AnalysisRepositories />
      </SectionCard>
    </TabsContent>
  );
}
