export type UserStatus = 'active' | 'stopped' | 'cancelled' | 'expired';

/** A row of POST /admin/users/get-all. */
export type AdminUser = {
  userGuid: string;
  name: string;
  email: string;
  companyName: string | null;
  status: UserStatus | string;
  isAdmin: boolean;
  lastLoginAt: string | null;
  loginCount: number;
  createdAt: string;
};

export type Page<T> = { items: T[]; totalCount: number; totalPage: number; currentPage: number };
