import { RefreshCw } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

interface QueryErrorProps {
  title: string;
  description?: string;
  /** Without it the alert has no Try again button. */
  onRetry?: () => void;
  isRetrying?: boolean;
}

/** A failed load, with a way to try again. */
export function QueryError({ title, description, onRetry, isRetrying = false }: QueryErrorProps) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      {(description || onRetry) && (
        <AlertDescription>
          {description && <p>{description}</p>}
          {onRetry && (
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
          )}
        </AlertDescription>
      )}
    </Alert>
  );
}
