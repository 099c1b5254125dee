/**
 * The query keys of what more than one screen reads or changes, by resource: the first element
 * names the resource, so invalidating `['customers']` reaches every customers list of every screen
 * (the option lists here and a feature's own table keyed under the same root). Features key their
 * screen-specific queries under these roots; the mutations call ./invalidate.ts.
 */
export const queryKeys = {
  archives: {
    all: ['archives'] as const,
    /** POST /get/archives: the archives the user may search, named in `language`. */
    visible: (language: string) => ['archives', language] as const,
    /** GET /admin/get/all-archives: every archive (import, pool searches). */
    admin: ['archives', 'admin'] as const,
  },
  labels: {
    all: ['labels'] as const,
    /** POST /get/labels: in `language`, with counts (the archive filters). */
    visible: (language: string) => ['labels', language] as const,
    /** GET /admin/get/all-labels: every label (design edit, pool searches). */
    admin: ['labels', 'admin'] as const,
  },
  customers: {
    all: ['customers'] as const,
    /** POST /get/customers/basic: the option list of filters and forms. */
    options: ['customers', 'options'] as const,
  },
  pools: {
    all: ['pools'] as const,
    /** POST /admin/pool/all: the pools screen's table and the users screen's pool choices. */
    list: ['pools', 'list'] as const,
    /** POST /admin/pool/count: how many designs a search admits (a pool's search, a smart group's). */
    count: (criteria: unknown) => ['pools', 'count', criteria] as const,
  },
  designFields: {
    all: ['design-fields'] as const,
    /** GET /get/design-fields: what the signed-in viewer may see and search. */
    viewer: ['design-fields', 'viewer'] as const,
    /** GET /admin/settings/design-fields: what customers see (the admin settings). */
    customers: ['design-fields', 'customers'] as const,
  },
  collections: {
    /** Every collections query (the boards, mood boards, design pages, stock pages and the admin's): a collection change invalidates it. */
    all: ['collections'] as const,
    /** POST /collections/all: the active collections with their sub-collections (the boards, the archive's collection filter). */
    visible: ['collections', 'visible'] as const,
  },
  specialLists: {
    all: ['special-lists'] as const,
    /** GET /get/special-lists: the lists the archive filter offers, named in `language`. */
    visible: (language: string) => ['special-lists', language] as const,
  },
  /** The wear models (the admin table, the design page's models): they show their labels. */
  wear: { all: ['wear'] as const },
  /** Users lists (the admin table, the pool screen's user picker): they show each user's customer and pool. */
  users: { all: ['users'] as const },
  /** The admin audit log: every admin change writes an entry. */
  audit: { all: ['audit'] as const },
  configuration: {
    all: ['configuration'] as const,
    /** GET /get/configuration: the general settings every screen follows. */
    client: ['configuration', 'client'] as const,
    /** GET /admin/settings/general: the whole document (the admin settings). */
    admin: ['configuration', 'admin'] as const,
  },
  /** GET /cad/rights: the server derives it from the general settings (CAD switches, company codes, formats). */
  cadRights: ['cad', 'rights'] as const,
  /** GET /search/similar/status: the server derives it from the general settings (the AI search switch). */
  similarStatus: ['similar', 'status'] as const,
  designs: {
    all: ['designs'] as const,
    headers: ['designs', 'header'] as const,
    /** POST /design/header: the design page; `id` is the design guid or number. */
    header: (id: string, language: string) => ['designs', 'header', id, language] as const,
    /** POST /admin/design/header/{designGuid}: the edit modal (not translated). */
    adminHeader: (designGuid: string) => ['designs', 'header', designGuid, 'admin'] as const,
    /** Every design search: the archive's, the admin design list's, the pickers'. */
    searches: ['designs', 'search'] as const,
    /** GET /admin/design/search by number: the designs the collection groups and special lists editors add. */
    byNumber: (query: string, pageSize: number) => ['designs', 'search', 'by-number', query, pageSize] as const,
  },
};
