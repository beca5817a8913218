import { describe, expect, it } from 'vitest';
import type { ModuleType } from './module-catalogue.js';
import {
  type ModuleBetaSlug,
  type ModuleOfferQuery,
  offeredModules,
  startingModulesOfNewAgency,
} from './module-offer.js';

const ALL: ModuleType[] = ['local', 'locator', 'enhance', 'b2b', 'simplifi'];
const NON_MASTER: ModuleType[] = ['local', 'locator', 'enhance'];

const betaOpen =
  (...open: ModuleBetaSlug[]) =>
  (feature: ModuleBetaSlug) =>
    open.includes(feature);

interface Row {
  case: string;
  query: ModuleOfferQuery;
  offered: ModuleType[];
}

const ROWS: Row[] = [
  // The system itself.
  { case: 'master system', query: { masterSystem: true }, offered: ALL },
  { case: 'other system', query: { masterSystem: false }, offered: NON_MASTER },
  {
    case: 'master system, no selection narrows',
    query: { masterSystem: true, selections: [] },
    offered: ALL,
  },
  // An agency's selection.
  {
    case: 'agency on master: its selection, in catalogue order',
    query: { masterSystem: true, selections: [['simplifi', 'local', 'b2b']] },
    offered: ['local', 'b2b', 'simplifi'],
  },
  {
    case: 'agency on another system: master-only modules drop even when selected',
    query: { masterSystem: false, selections: [['local', 'b2b', 'simplifi']] },
    offered: ['local'],
  },
  { case: 'agency with nothing selected', query: { masterSystem: true, selections: [[]] }, offered: [] },
  {
    case: 'unknown names in a selection are ignored',
    query: { masterSystem: true, selections: [['local', 'nonsense', 'B2B']] },
    offered: ['local'],
  },
  // Beta state.
  {
    case: 'beta closed: b2b and simplifi gated',
    query: { masterSystem: true, betaOpen: betaOpen() },
    offered: NON_MASTER,
  },
  {
    case: 'b2b open, simplifi closed',
    query: { masterSystem: true, betaOpen: betaOpen('b2b_module') },
    offered: ['local', 'locator', 'enhance', 'b2b'],
  },
  {
    case: 'both open',
    query: { masterSystem: true, betaOpen: betaOpen('b2b_module', 'simplifi_module') },
    offered: ALL,
  },
  {
    case: 'beta open does not bring master-only modules to another system',
    query: { masterSystem: false, betaOpen: betaOpen('b2b_module', 'simplifi_module') },
    offered: NON_MASTER,
  },
  {
    case: 'agency selection and beta together',
    query: {
      masterSystem: true,
      selections: [['locator', 'b2b', 'simplifi']],
      betaOpen: betaOpen('simplifi_module'),
    },
    offered: ['locator', 'simplifi'],
  },
  // A client: the agency's selection, then its own.
  {
    case: 'client: only what both the agency and the client selected',
    query: {
      masterSystem: true,
      selections: [
        ['local', 'locator', 'b2b'],
        ['locator', 'b2b', 'enhance'],
      ],
    },
    offered: ['locator', 'b2b'],
  },
  {
    case: 'client on another system',
    query: {
      masterSystem: false,
      selections: [
        ['local', 'b2b'],
        ['local', 'b2b'],
      ],
    },
    offered: ['local'],
  },
  {
    case: 'client whose agency selected nothing',
    query: { masterSystem: true, selections: [[], ['local']] },
    offered: [],
  },
];

describe('offeredModules: which modules a system, agency or client offers', () => {
  it.each(ROWS)('$case', ({ query, offered }) => {
    expect(offeredModules(query)).toEqual(offered);
  });

  it('asks the beta gate only about the modules it gates', () => {
    const asked: string[] = [];
    offeredModules({
      masterSystem: true,
      betaOpen: (feature) => {
        asked.push(feature);
        return true;
      },
    });
    expect(asked).toEqual(['b2b_module', 'simplifi_module']);
  });
});

describe('startingModulesOfNewAgency', () => {
  it.each([
    [true, NON_MASTER],
    [false, NON_MASTER],
  ])('master system %s → %j (the beta modules are switched on by the system)', (master, modules) => {
    expect(startingModulesOfNewAgency(master)).toEqual(modules);
  });
});
