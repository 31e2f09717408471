import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** Under a stakes list: loads the next page while the server has one. */
export function LoadMoreStakes({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? (
          <>
            <Spinner />
            Loading more...
          </>
        ) : (
          'Load more'
        )}
      </Button>
    </div>
  );
}
