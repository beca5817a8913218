/**
 * The demo tenants seeded on first start. Pure data, so the README, the end-to-end tests and the
 * benchmarks can name the same people and hosts without touching a database.
 */
export const DEMO_PASSWORD = 'Demo!2026';

export const DEMO = {
  master: {
    systemName: 'LeadOrbit',
    domain: 'localhost',
    root: { name: 'LeadOrbit Inc.', legalName: 'LeadOrbit Incorporated', shortName: 'LeadOrbit' },
    rootUser: { name: 'Riley Root', email: 'root@leadorbit.test' },
    sales: { name: 'Sam Sales', email: 'sales@leadorbit.test' },
    accountExecutive: { name: 'Avery Exec', email: 'ae@leadorbit.test' },
    /** The system's wholesale cost per lead (the floor for agencies' enhance and b2b prices), in dollars. */
    wholesaleCostPerLead: { local: '0.35', locator: '0.90', enhance: '0.40', b2b: '0.75' },
  },
  northwind: {
    name: 'Northwind Digital',
    subdomain: 'northwind',
    customDomain: 'leads.northwind.test',
    owner: { name: 'Nora Owens', email: 'owner@northwind.test' },
    administrator: { name: 'Adam Ward', email: 'admin@northwind.test' },
    /** What Northwind charges its clients per lead, in dollars (setup fee $99, platform fee $49 a month). */
    costPerLead: { local: '1.50', locator: '2.25', enhance: '0.95', b2b: '1.80' },
    /**
     * What the platform charges Northwind (its cost settings, Set Cost for Agency: the wholesale of
     * every lead and fee), below its own prices so each lead and activation leaves Northwind a margin.
     */
    wholesale: {
      costPerLead: { local: '0.75', locator: '1.25', enhance: '0.55', b2b: '1.10' },
      setupFeeCents: 4_900,
      platformFeeCents: 1_900,
    },
    branding: {
      sidebar_bgcolor: '#0f3d3e',
      template_bgcolor: '#eef6f4',
      box_bgcolor: '#ffffff',
      text_color: '#10201f',
      link_color: '#0f7c6c',
      font_theme: 'Montserrat',
    },
    clients: [
      {
        name: 'Harbor Dental',
        contact: { name: 'Hana Brooks', email: 'contact@harbordental.test' },
        /** The client's demo site, which its local campaigns watch. */
        site: 'https://www.harbordental.example/',
      },
      {
        name: 'Cedar Home Services',
        contact: { name: 'Carl Diaz', email: 'office@cedarhome.test' },
        site: 'https://www.cedarhomeservices.example/',
      },
    ],
  },
  summit: {
    name: 'Summit Growth Partners',
    owner: { name: 'Sofia Grant', email: 'owner@summitgrowth.test' },
    /** Summit's minimum-spend plan: $250 a month for a year (its shortfall is charged monthly). */
    minimumSpendPlan: { name: 'Growth Minimum', months: 12, flatMonthCents: 25_000 },
    /** How long before the first start its owner accepted the Minimum Spend Addendum. */
    minimumSpendAcceptedDaysAgo: 40,
    clients: [
      {
        name: 'Peak Fitness',
        contact: { name: 'Pat Kim', email: 'hello@peakfitness.test' },
        site: 'https://www.peakfitness.example/',
      },
    ],
  },
  brightreach: {
    systemName: 'BrightReach',
    domain: 'brightreach.localhost',
    root: { name: 'BrightReach Media', legalName: 'BrightReach Media LLC', shortName: 'BrightReach' },
    rootUser: { name: 'Blake Reed', email: 'root@brightreach.test' },
    branding: {
      sidebar_bgcolor: '#3b1d5a',
      template_bgcolor: '#f6f2fb',
      box_bgcolor: '#ffffff',
      text_color: '#1d1029',
      link_color: '#7b3fc4',
      font_theme: 'Lato',
    },
    agency: {
      name: 'Coastal Leads Co',
      subdomain: 'coastal',
      owner: { name: 'Cody Shore', email: 'owner@coastalleads.test' },
      client: {
        name: 'Bayview Realty',
        contact: { name: 'Bea Vance', email: 'agent@bayviewrealty.test' },
        site: 'https://www.bayviewrealty.example/',
      },
    },
  },
} as const;
