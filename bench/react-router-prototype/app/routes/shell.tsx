import { RootLayout } from '../../../../apps/web/src/app/root-layout';

/** The app's root layout: the session, the demo banner, the toaster. */
export default function Shell() {
  return <RootLayout />;
}
