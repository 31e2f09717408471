import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** What the button needs of a list read a page at a time (react-query's infinite query). */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a paged list: shown while the server has another page, busy while it loads. */
export function LoadMoreButton({ pages }: { pages: NextPages }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        disabled={pages.isFetchingNextPage}
        onClick={() => {
          void pages.fetchNextPage();
        }}
      >
        {pages.isFetchingNextPage ? (
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
