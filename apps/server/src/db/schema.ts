import type { ServiceType } from '@kxt/contracts/business';
import type { Role } from '@kxt/contracts/roles';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types shared by both dialects. Times are UTC ISO-8601 text, flags are 0/1 integers and money is integer
 * minor units, so one set of queries reads and writes the same values on SQLite and PostgreSQL.
 */
export type Flag = 0 | 1;

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
  country: string | null;
  owner_user_id: number | null;
  is_arrears: Generated<Flag>;
  suspend: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  display_name: string;
  phone: string | null;
  email: string | null;
  role: Role;
  customer_id: number | null;
  disabled: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the token the cookie carries: a stolen database does not yield usable sessions. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** `user:<name>` or `ip:<address>`. */
  key: string;
  created_at: string;
}

export interface FilesTable {
  id: string;
  owner_user_id: number | null;
  customer_id: number | null;
  purpose: string;
  original_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  /** Who acted when there is no user, e.g. `public-link` or `system`. */
  actor_label: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  from_state: string | null;
  to_state: string | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  type_code: ServiceType;
  category_id: number;
  country: string;
  price: number;
  currency: string;
  active: Generated<Flag>;
  created_at: string;
}

export interface ServiceItemsTable {
  id: Generated<number>;
  service_code: string;
  customer_id: number;
  service_id: number;
  /** Copied from the service so lists filter without a join. */
  type_code: ServiceType;
  category_id: number;
  country: string;
  status: number;
  start_date: string | null;
  end_date: string | null;
  remark: string | null;
  /** Due date of the item's oldest pending declaration: its overdue level follows from it. */
  oldest_open_due_date: string | null;
  /** 1 when the item's latest declared return was filed by us (the K badge). */
  latest_declared_by_us: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface TaxDeclarationsTable {
  id: Generated<number>;
  service_item_id: number;
  country: string;
  tax_period: string;
  due_date: string;
  declared_date: string | null;
  declared_by: 'us' | 'other' | null;
  amount: number;
  currency: string;
  status: 'pending' | 'declared';
  created_at: string;
  updated_at: string;
}

export interface TableLayoutsTable {
  id: Generated<number>;
  user_id: number;
  module_key: string;
  field_info: string;
  updated_at: string;
}

export interface DB {
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  files: FilesTable;
  audit_log: AuditLogTable;
  services: ServicesTable;
  service_items: ServiceItemsTable;
  tax_declarations: TaxDeclarationsTable;
  table_layouts: TableLayoutsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type FileRow = Selectable<FilesTable>;
