/** A row of POST /admin/customers/get-all. */
export type Customer = {
  customerGuid: string;
  customerName: string;
  nameSef: string;
  address: string;
  code: string;
  visible: boolean;
  createdAt: string;
  userCount: number;
  designCount: number;
};

export type Page<T> = { items: T[]; totalCount: number; totalPage: number; currentPage: number };

export type NewCustomer = { name: string; address: string; code: string };
