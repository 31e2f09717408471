import { TabsContent } from '../../../components/ui/tabs';
import { AnalysisRepositories } from '../../repository-analysis/components/analysis-repositories';
import { SectionCard } from './section-card';

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
