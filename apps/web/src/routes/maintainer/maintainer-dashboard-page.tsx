import { AreaDashboard } from '../../components/area-dashboard';

export function MaintainerDashboardPage() {
  return <AreaDashboard role="maintainer" />;
}
