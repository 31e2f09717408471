import { LandingPage } from '../../../../apps/web/src/routes/public/landing/landing-page';

export default function Landing() {
  return <LandingPage />;
}
