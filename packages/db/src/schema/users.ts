import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roleModuleEnum, salesRoleEnum, twoFactorTypeEnum, userStatusEnum, userTypeEnum } from './enums.js';
import { companies, systems } from './tenancy.js';

/** Access permissions a role grants on one role module (spec 1 §3.6). */
export const roles = pgTable(
  'roles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    icon: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('roles_company_idx').on(t.companyId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    module: roleModuleEnum().notNull(),
    canEnable: boolean().notNull().default(false),
    canCreate: boolean().notNull().default(false),
    canUpdate: boolean().notNull().default(false),
    canDelete: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.module] })],
);

/**
 * People. An e-mail is unique per system, not globally (product guide §1). The server-side
 * fields of spec 1 §3.1; company fields are read from the company row, not copied here.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userType: userTypeEnum().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    name: text().notNull(),
    phonenum: text().notNull().default(''),
    phoneCountryCode: text().notNull().default('US'),
    phoneCountryCallingCode: text().notNull().default('+1'),
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    zip: text().notNull().default(''),
    countryCode: text().notNull().default('US'),
    stateCode: text().notNull().default(''),
    profilePictureFileId: uuid(),
    roleId: integer().references(() => roles.id),
    isSystemUser: boolean().notNull().default(false),
    isAccExecutive: boolean().notNull().default(false),
    profileSetupCompleted: boolean().notNull().default(false),
    questionnaireSetupCompleted: boolean().notNull().default(false),
    status: userStatusEnum().notNull().default('active'),
    twoFactorEnabled: boolean().notNull().default(false),
    twoFactorType: twoFactorTypeEnum(),
    totpSecretEncrypted: text(),
    /** Last accepted TOTP time step, so a code is accepted at most once. */
    totpLastStep: bigint({ mode: 'number' }),
    userPermissions: jsonb().$type<Record<string, unknown>>(),
    /** Staff switches of spec 2 §3 (defaultAdmin, customercare, adminGetNotification, ...). */
    staffSettings: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    /** Onboarding questionnaire answers (profile setup). */
    questionnaireAnswers: jsonb().$type<Record<string, unknown>>(),
    /**
     * The IANA zone the person works in (setupcomplete's `timezone`): the days of their reports across
     * campaigns; null until they say, then the browser's zone header stands in (decision 0094).
     */
    timeZone: text(),
    /** The campaign setup a client chose (setupcomplete's campaign fields, decision 0094). */
    campaignSetup: jsonb().$type<Record<string, unknown>>(),
    lastLoginIp: text(),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A removed person frees the address: the same e-mail may be invited again.
    uniqueIndex('users_system_email_key').on(t.systemId, t.email).where(sql`${t.deletedAt} is null`),
    index('users_company_idx').on(t.companyId),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Sales staff (root-company users) linked to an agency, one person per role. */
export const companySalesLinks = pgTable(
  'company_sales_links',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    role: salesRoleEnum().notNull(),
    salesUserId: integer()
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.role] }), index('sales_links_user_idx').on(t.salesUserId)],
);
