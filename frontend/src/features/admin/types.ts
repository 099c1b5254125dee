export const userStatuses = ['active', 'stopped', 'cancelled', 'expired'] as const;
export type UserStatus = (typeof userStatuses)[number];

export function isUserStatus(value: string): value is UserStatus {
  return (userStatuses as readonly string[]).includes(value);
}

export type LoginCondition = 'unlimited' | 'limited';

/** A row of POST /admin/users/get-all. */
export type AdminUser = {
  userGuid: string;
  userCompanyGuid: string | null;
  name: string;
  email: string;
  companyName: string | null;
  language: string;
  status: UserStatus | string;
  loginCondition: LoginCondition | string;
  loginDayLimit: number | null;
  loginConditionFrom: string | null;
  allowedIps: string;
  poolGuid: string | null;
  poolName: string | null;
  shopAccess: boolean;
  archiveAccess: boolean;
  hasAuthenticator: boolean;
  isAdmin: boolean;
  isInHouse: boolean;
  lastLoginAt: string | null;
  loginCount: number;
  createdAt: string;
};

export type Page<T> = { items: T[]; totalCount: number; totalPage: number; currentPage: number };

export const userSorts = ['name', 'email', 'company', 'status', 'created', 'lastLogin', 'loginCount'] as const;
export type UserSort = (typeof userSorts)[number];

export const inactiveDayChoices = [30, 90, 180, 365] as const;

/** The filters of the users list; empty strings do not restrict. */
export type UserFilters = {
  query: string;
  status: UserStatus | '';
  poolGuid: string;
  customerGuid: string;
  /** The "inactive users" view: no sign-in for this many days (or never); null: every user. */
  inactiveDays: number | null;
  sort: UserSort | null;
  descending: boolean;
};

export type BulkAnswer = { changed: number };

export const auditActions = [
  'user_created',
  'user_edited',
  'auto_login_link_issued',
  'password_assigned',
  'password_reset_sent',
  'login_condition_set',
  'authenticator_reset',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'account_state_changed',
  'pool_assigned',
  'pool_saved',
  'pool_deleted',
  'customer_added',
  'customer_deleted',
  'customer_visibility_changed',
  'customer_fields_changed',
  'collection_saved',
  'collection_deleted',
  'collection_content_changed',
  'special_list_saved',
  'special_list_deleted',
  'stock_page_published',
  'stock_page_revoked',
  'wear_model_saved',
  'wear_model_state_changed',
  'wear_model_deleted',
  'label_saved',
  'labels_merged',
  'label_deleted',
  'pins_changed',
  'settings_changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

/** A row of POST /admin/audit/get-all. */
export type AuditEntry = {
  id: number | string;
  at: string;
  actorGuid: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: AuditAction | string;
  subjectKind: string | null;
  subjectGuid: string | null;
  subjectName: string | null;
  details: string;
};
