import type { Query, QueryClient } from '@tanstack/react-query';
import type { DesignHeader } from '@/types/design';
import { queryKeys } from './keys';

/**
 * What each kind of change makes stale, in one place: the mutations of every feature call these,
 * so a list another screen shows is refetched when that screen shows it again (or at once when it
 * is on screen). Each returns the refetch, which the mutation awaits (its dialog closes on the new list).
 */

/** After users were created, edited or changed: every users list and the audit log. */
export function afterUserChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.users.all }), queryClient.invalidateQueries({ queryKey: queryKeys.audit.all })]);
}

/** After a customer was added, deleted or shown/hidden: every customers list (options and the admin table) and the audit log. */
export function afterCustomerChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }), queryClient.invalidateQueries({ queryKey: queryKeys.audit.all })]);
}

/**
 * After a pool was saved, deleted or assigned: every pools query (the list, the counts and
 * previews of its searches), the users lists (their pool column) and the audit log.
 */
export function afterPoolChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.pools.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}

/** After the studio changed what customers see: both field lists (the viewer's and the settings'). */
export function afterDesignFieldsChange(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.designFields.all });
}

/** The cached headers of one design: keyed by its guid, or by its number and holding it. */
function isHeaderOf(designGuid: string) {
  return (query: Query) => query.queryKey[2] === designGuid || (query.state.data as DesignHeader | undefined)?.guid === designGuid;
}

/** Label counts follow the designs; nothing on screen shows them while designs are edited, so they are only marked stale. */
function labelCountsChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.labels.all, refetchType: 'none' });
}

/**
 * After a design was edited: its design page headers (every language) and every design search
 * (an edit moves a design in and out of results). The admin header is not touched: the edit
 * answers it, and the mutation stores that answer.
 */
export function afterDesignChange(queryClient: QueryClient, designGuid: string): Promise<unknown> {
  const isPageHeader = isHeaderOf(designGuid);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.designs.headers, predicate: (query) => isPageHeader(query) && query.queryKey[3] !== 'admin' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches }),
    labelCountsChanged(queryClient),
  ]);
}

/** After a design was deleted: its headers are dropped (a later visit asks again and finds it gone) and every search refetched. */
export function afterDesignDelete(queryClient: QueryClient, designGuid: string): Promise<unknown> {
  queryClient.removeQueries({ queryKey: queryKeys.designs.headers, predicate: isHeaderOf(designGuid) });
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches }), labelCountsChanged(queryClient)]);
}

/** After an import added designs to the archive: every design search. */
export function afterDesignsAdded(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches }), labelCountsChanged(queryClient)]);
}

/**
 * After a label was created, renamed, regrouped, merged or deleted: every labels query (the
 * filters' and editors' lists, the label screens'), the designs (their pages and searches show and
 * filter by labels), the pools (their searches name labels), the wear models (they carry labels)
 * and the audit log.
 */
export function afterLabelChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.labels.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.designs.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pools.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.wear.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}

/** After designs were labelled: the label counts and the design searches, only marked stale (the tagging screen shows neither). */
export function afterDesignsLabelled(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([labelCountsChanged(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.designs.all, refetchType: 'none' })]);
}

/**
 * After the pinned designs changed: the design searches (pinned designs lead them, and results say
 * which are pinned) and the special lists (the seeded "pinned designs" list), only marked stale
 * (the pins screen's own design search stays as it is), and the audit log.
 */
export function afterPinChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.specialLists.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}

/**
 * After a design was pinned or unpinned from its result card: the design searches on screen are
 * asked again at once (the pinned designs lead them, and the cards say which are pinned), the
 * others marked stale. The pins list and the rest follow the save itself (`afterPinChange`).
 */
export function afterPinFromResults(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches });
}

/**
 * After the general settings were saved: the configuration every screen follows (asked again at
 * once), what the server derives from them (the CAD rights, the AI search switch) and the audit log.
 * The admin's document is not touched: the save answers it, and the mutation stores that answer.
 */
export function afterSettingsChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.configuration.client }),
    queryClient.invalidateQueries({ queryKey: queryKeys.cadRights }),
    queryClient.invalidateQueries({ queryKey: queryKeys.similarStatus }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}
