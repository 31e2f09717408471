import { RefreshCw } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

interface QueryErrorProps {
  title: string;
  description?: string;
  onRetry: () => void;
  isRetrying: boolean;
}

/** A failed load with a way to try again. */
export function QueryError({ title, description, onRetry, isRetrying }: QueryErrorProps) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        {description && <p>{description}</p>}
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={isRetrying}
          onClick={onRetry}
        >
          <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : ''} />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
