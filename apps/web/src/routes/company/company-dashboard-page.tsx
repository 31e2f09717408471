import { AreaDashboard } from '../../components/area-dashboard';

export function CompanyDashboardPage() {
  return <AreaDashboard role="company" />;
}
