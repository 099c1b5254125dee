import { useParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { ResultGrid, ResultGridSkeleton } from '@/features/archive/components/result-grid';
import { CadDownloadAllButton } from '@/features/cad/components/cad-download-all-button';
import { CadExportButton } from '@/features/cad/components/cad-export-button';
import { useListCards } from '@/features/favorites/api/get-list-cards';
import { FavoriteListView } from '@/features/favorites/components/favorite-list-view';
import { RemoveEntryButton } from '@/features/favorites/components/remove-entry-button';

/** The list's colorways in the archive's grid and cards, each with "remove"; more load as it scrolls. */
function ListCards({ listId, shown }: { listId: string; shown: Set<string> }) {
  const cards = useListCards(listId);
  if (cards.isPending) return <ResultGridSkeleton count={5} />;
  if (cards.error) return <ErrorAlert error={cards.error} onRetry={() => void cards.refetch()} />;
  const results = cards.data.pages.flatMap((page) => page.results).filter((card) => shown.has(card.activeVariantGuid));
  return (
    <ResultGrid
      results={results}
      totalCount={shown.size}
      pendingRows={cards.isFetchingNextPage ? 1 : 0}
      onNearEnd={() => {
        if (cards.hasNextPage && !cards.isFetchingNextPage) void cards.fetchNextPage();
      }}
      cardAction={(card) => (
        <RemoveEntryButton
          listId={listId}
          colorway={{ designGuid: card.designGuid, colorwayGuid: card.activeVariantGuid }}
          label={`${card.designName} ${card.activeVariantName}`}
        />
      )}
    />
  );
}

/** /favorites/{id}: a favorite list's page, with a zip of its CAD files and its line sheet for those with the rights. */
export function FavoriteListRoute() {
  const { id = '' } = useParams();
  return (
    <FavoriteListView
      listId={id}
      actions={(list) => (
        <>
          <CadDownloadAllButton target={{ listId: list.id }} scope="list" disabled={list.entryCount === 0} />
          <CadExportButton target={{ listId: list.id }} disabled={list.entryCount === 0} />
        </>
      )}
    >
      {(_list, shown) => <ListCards listId={id} shown={shown} />}
    </FavoriteListView>
  );
}
