import { AreaDashboard } from '../../components/area-dashboard';

export function ContributorDashboardPage() {
  return <AreaDashboard role="contributor" />;
}
