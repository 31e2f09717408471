import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api/api-error';
import { usePrivacy } from '../api/privacy';
import { PrivacyForm } from './privacy-form';

/** Settings' Privacy tab: what companies may see of the contributor, and whether they may write. */
export function PrivacySettingsCard() {
  const privacy = usePrivacy();

  let body;
  if (privacy.data) {
    // Not keyed by the saved choices: after a save the form compares its switches with the new
    // ones (Save disables itself), and stays mounted for its own toast.
    body = <PrivacyForm saved={privacy.data} />;
  } else if (privacy.isError) {
    body = (
      <QueryError
        title="We could not load your privacy settings."
        description={errorMessage(privacy.error, 'Please try again in a moment.')}
        isRetrying={privacy.isFetching}
        onRetry={() => {
          void privacy.refetch();
        }}
      />
    );
  } else {
    body = <PageLoading label="Loading privacy settings..." className="min-h-32" />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
        <CardDescription>What companies looking to hire see of you on OpenStake.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
