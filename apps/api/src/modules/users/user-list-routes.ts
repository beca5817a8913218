import {
  AGENCY_LIST_FILTERS,
  type AgencyListFilter,
  apiErrorSchema,
  LIST_EXCLUSIONS,
  type ListExclusion,
  pageOf,
  rootListResponseSchema,
  salesDownlineParamsSchema,
  salesDownlineQuerySchema,
  salesDownlineResponseSchema,
  userListParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
} from '@app/contracts';
import { can, isAccountExecutive, isSales, isSystemStaff, mayReadList, type NetworkList } from '@app/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../http-errors.js';
import { principalOf } from '../../plugins/access.js';
import type { Principal } from '../tenancy/index.js';
import { staffTypesOf } from './user-access.js';
import type { UserListQuery, UserListRepository } from './user-list-repository.js';
import type { UserManagementRepository } from './user-management-repository.js';
import { toNode } from './user-nodes.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const API_FILTERS: readonly AgencyListFilter[] = ['apikey', 'developermode'];

function parseFilters(p: Principal, raw: string | undefined): Set<AgencyListFilter> {
  const filters = (raw ?? '').split(',').filter(Boolean);
  const unknown = filters.find((f) => !AGENCY_LIST_FILTERS.includes(f as AgencyListFilter));
  if (unknown) throw badRequest(`Unknown filter ${unknown}.`, { Filters: `unknown filter ${unknown}` });
  const chosen = new Set(filters as AgencyListFilter[]);
  // API Key Generated and Developer Mode Enabled are the root company's filters (spec 2 §2).
  if (API_FILTERS.some((f) => chosen.has(f)) && !can(p, 'users.list.apiFilters')) {
    const text = 'The API filters are only available to the root company.';
    throw badRequest(text, { Filters: text });
  }
  return chosen;
}

/**
 * `Exclude` (decision 0094): the agency list's two exclusion switches, the root company's like the
 * switches themselves (spec 2 §6). Anything else is a mistake worth saying, not ignoring.
 */
function parseExclusions(p: Principal, raw: string | undefined, list: NetworkList): Set<ListExclusion> {
  const chosen = (raw ?? '').split(',').filter(Boolean);
  const unknown = chosen.find((e) => !LIST_EXCLUSIONS.includes(e as ListExclusion));
  if (unknown) {
    const text = `Unknown exclusion ${unknown}: use ${LIST_EXCLUSIONS.join(' or ')}.`;
    throw badRequest(text, { Exclude: text });
  }
  if (chosen.length === 0) return new Set();
  if (list !== 'agencies') {
    const text = 'Exclude narrows the agency list only.';
    throw badRequest(text, { Exclude: text });
  }
  if (!can(p, 'users.list.apiFilters')) {
    const text = 'The exclusion filters are only available to the root company.';
    throw badRequest(text, { Exclude: text });
  }
  return new Set(chosen as ListExclusion[]);
}

/**
 * What narrows only some lists (decision 0094): card, campaign, module and group are facts of
 * agencies and clients, `inAgencyList` of sales people. Sent to another list they would silently
 * change nothing, so they are refused with the reason.
 */
function checkApplicable(
  list: NetworkList,
  f: { card: string; campaigns: string; module: string; group: number | 'all'; inAgencyList?: string },
) {
  const companies = list === 'agencies' || list === 'clients';
  const refuse = (field: string, text: string) => {
    throw badRequest(text, { [field]: text });
  };
  if (!companies) {
    if (f.card !== 'all') refuse('CardStatus', 'CardStatus narrows the agency and client lists only.');
    if (f.campaigns !== 'all')
      refuse('CampaignStatus', 'CampaignStatus narrows the agency and client lists only.');
    if (f.module !== 'all') refuse('module', 'A module narrows the agency and client lists only.');
    if (f.group !== 'all' && f.group !== 0)
      refuse('group', 'A company group narrows the agency and client lists only.');
  }
  if (f.inAgencyList !== undefined && list !== 'sales')
    refuse('inAgencyList', 'inAgencyList narrows the sales list only.');
}

/** The list a GetClientList user type names, and the repository's kind of row for it. */
const LIST_OF = { userdownline: 'agencies', client: 'clients', user: 'staff', sales: 'sales' } as const;
const KIND_OF: Record<NetworkList, UserListQuery['kind']> = {
  agencies: 'agency',
  clients: 'client',
  staff: 'staff',
  sales: 'sales',
};

const searchOf = (text: string) => (text === '-' || text.trim() === '' ? null : text.trim());

/**
 * GetClientList of spec 2 §7 and its relatives: a system's agencies (userdownline), an agency's
 * clients (client), a company's administrators (user), a system's sales staff (sales); the root
 * list and a sales person's downline. Lists are one SQL statement for rows and one for the count.
 */
export const userListRoutes =
  (repo: UserListRepository, management: UserManagementRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/user/:companyID/:group/:idsys/:userType/:module/:sortby/:order/:searchkey',
      {
        config: {
          access: {
            kind: 'user',
            // Sales staff read their agencies through their downline (GET /configuration/sales-downline);
            // an account executive reads here the clients of the agencies it is executive of.
            action: 'users.list',
            scope: [
              { in: 'params', field: 'companyID', resource: 'company' },
              { in: 'params', field: 'idsys', resource: 'system' },
            ],
          },
        },
        schema: {
          tags: ['agencies'],
          params: userListParamsSchema,
          querystring: userListQuerySchema,
          response: { 200: userListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { companyID, group, userType, sortby, order, searchkey } = request.params;
        const filters = parseFilters(p, request.query.Filters);
        const list = LIST_OF[userType];
        const isRoot = companyID === p.rootCompanyId;
        const accountExecutiveId =
          list === 'clients' && isAccountExecutive(p) && !isRoot
            ? await management.accountExecutiveOf(companyID)
            : null;
        const company = { id: companyID, isRoot, accountExecutiveId };
        if (!mayReadList(p, list, company)) throw notFound();
        const kind = KIND_OF[list];
        const staffTypes = list === 'staff' ? staffTypesOf(company.isRoot ? 'root' : 'agency') : undefined;
        const { CardStatus: card, CampaignStatus: campaigns, inAgencyList } = request.query;
        const module = request.params.module;
        checkApplicable(list, { card, campaigns, module, group, inAgencyList });
        const exclusions = parseExclusions(p, request.query.Exclude, list);
        // A group must be the listing company's (decision 0014); it keeps the companies with a
        // campaign in it (decision 0094).
        const groupId = group !== 'all' && group !== 0 ? group : null;
        if (groupId !== null && !(await management.groupOfCompany(groupId, companyID))) throw notFound();
        const { Page: page, PerPage: perPage } = request.query;
        const { total, rows } = await repo.list({
          systemId: p.systemId,
          parentCompanyId: companyID,
          kind,
          staffTypes,
          search: searchOf(searchkey),
          sortBy: sortby,
          order,
          paymentFailedOnly: filters.has('paymentfailed'),
          apiModeOnly: filters.has('developermode'),
          apiKeyOnly: filters.has('apikey'),
          directPaymentOnly: filters.has('directpayment'),
          card: card === 'all' ? null : card,
          campaigns: campaigns === 'all' ? null : campaigns,
          module: module === 'all' ? null : module,
          groupId,
          excludedFromMinimumSpend: exclusions.has('minimumspend'),
          excludedFromOnboardCharge: exclusions.has('onboardcharge'),
          linkedToAgencies: inAgencyList === undefined ? null : inAgencyList === 'true',
          page,
          perPage,
        });
        return pageOf(page, perPage, total, rows.map(toNode));
      },
    );

    app.get(
      '/configuration/root/list',
      {
        config: { access: { kind: 'user', action: 'users.rootList' } },
        schema: { tags: ['agencies'], response: { 200: rootListResponseSchema, ...errors } },
      },
      async (request) => {
        const p = principalOf(request);
        const own = await management.system(p.systemId);
        if (!own) throw notFound();
        // The master system's staff may pick any system; others only their own (decision 0014).
        const rows = await management.systemsWithRoot(own.isMaster ? undefined : own.id);
        return {
          data: rows.map((r) => ({
            idsys: r.idsys,
            name: r.name,
            domain: r.domain,
            is_master: r.isMaster,
            company_root_id: r.rootCompanyId,
            company_name: r.rootCompanyName,
          })),
        };
      },
    );

    app.get(
      '/configuration/sales-downline/:companyID/:usrID/:idsys/:sort/:order/:search',
      {
        config: {
          access: {
            kind: 'user',
            action: 'users.salesDownline',
            // companyID is the caller's root company, which lies outside a sales person's scope:
            // the handler checks it equals the caller's root company (404 otherwise).
            scope: [
              { in: 'params', field: 'usrID', resource: 'user' },
              { in: 'params', field: 'idsys', resource: 'system' },
            ],
          },
        },
        schema: {
          tags: ['agencies'],
          params: salesDownlineParamsSchema,
          querystring: salesDownlineQuerySchema,
          response: { 200: salesDownlineResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { companyID, usrID, sort, order, search } = request.params;
        if (companyID !== p.rootCompanyId) throw notFound();
        // A sales person sees their own downline; system staff any sales person's of their system.
        if (isSales(p) ? usrID !== p.userId : !isSystemStaff(p)) throw notFound();
        if (!(await management.salesUser(p.systemId, usrID))) throw notFound();
        const { Page: page, PerPage: perPage } = request.query;
        const { total, rows } = await repo.list({
          systemId: p.systemId,
          parentCompanyId: companyID,
          kind: 'agency',
          salesUserId: usrID,
          search: searchOf(search),
          sortBy: sort,
          order,
          paymentFailedOnly: false,
          apiModeOnly: false,
          page,
          perPage,
        });
        return pageOf(page, perPage, total, rows.map(toNode));
      },
    );
  };
