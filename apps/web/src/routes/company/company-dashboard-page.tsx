import { AreaDashboard } from './area-dashboard';

export function CompanyDashboardPage() {
  return <AreaDashboard />;
}
