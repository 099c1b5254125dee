import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testAdmin, validAnswer } from '@/testing/fixtures';
import { formOf, server } from '@/testing/server';
import type { Pool } from '@/types/pool';
import type { AdminUser, Page } from '../types';

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userGuid: 'u-1',
    userCompanyGuid: 'c-1',
    name: 'Ayşe Yılmaz',
    email: 'ayse@example.com',
    companyName: 'Kumaş A.Ş.',
    language: 'tr',
    status: 'active',
    loginCondition: 'unlimited',
    loginDayLimit: null,
    loginConditionFrom: null,
    allowedIps: '',
    poolGuid: null,
    poolName: null,
    shopAccess: false,
    archiveAccess: true,
    hasAuthenticator: false,
    isAdmin: false,
    isInHouse: false,
    lastLoginAt: '2025-01-02T10:00:00Z',
    loginCount: 3,
    createdAt: '2024-05-01T09:00:00Z',
    ...overrides,
  };
}

export function page<T>(items: T[]): Page<T> {
  return { items, totalCount: items.length, totalPage: 1, currentPage: 0 };
}

/** A row of POST /admin/pool/all, complete: the users screen and the pools screen share the cached list. */
const pool: Pool = {
  uniqueid: 'p-1',
  name: 'Spring pool',
  description: '',
  searches: [],
  designs: [],
  designNumbers: {},
  wearGuids: [],
  memberCount: 0,
  userCount: 0,
  updatedAt: '2025-01-02T10:00:00Z',
};

/** A signed-in admin, the users of the list, and every form POST /admin/users/get-all received. */
export function signedInAdmin(users: AdminUser[] = [adminUser()]) {
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  const userRequests: Record<string, string>[] = [];
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.post('*/service/admin/users/get-all', async ({ request }) => {
      userRequests.push(await formOf(request));
      return HttpResponse.json(page(users));
    }),
    http.post('*/service/admin/pool/all', () => HttpResponse.json([pool])),
    http.post('*/service/get/customers/basic', () => HttpResponse.json([{ customerGuid: 'c-1', customerName: 'Kumaş A.Ş.' }])),
  );
  return { userRequests };
}
