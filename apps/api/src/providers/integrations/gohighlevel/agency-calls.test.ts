import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoHighLevel, startFakeGoHighLevel } from '../../../../test/fake-gohighlevel.js';
import type { LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createGoHighLevelApi, GHL_API_VERSION, GHL_SCOPES } from './api.js';
import { createGoHighLevelCore, type GoHighLevelProvider } from './core.js';
import { LINKS_KEY } from './subaccount-links.js';

/*
 * The real adapter's agency calls (decision 0109) against the local fake of LeadConnector API v2:
 * a sub-account's profile, Custom Menu Links created (the documented body), read and deleted, a
 * location token refused where GoHighLevel wants an agency's, GoHighLevel's refusals as
 * ProviderInputError with its message; a client's leads routed to the sub-account it was made from;
 * a sign-in again to the same agency keeping those links.
 */

let fake: FakeGoHighLevel;
let provider: GoHighLevelProvider;
const save = async () => {};

beforeAll(async () => {
  fake = await startFakeGoHighLevel();
  provider = createGoHighLevelCore({
    transport: createGoHighLevelApi({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.base,
      authorizeUrl: 'https://marketplace.example.com/oauth/chooselocation',
      // Generous: a loaded machine (CI's two test workers) answered the fake past 1 s.
      timeoutMs: 30_000,
    }),
    sandbox: false,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const far = () => new Date(Date.now() + 86_000_000).toISOString();
/** A connection with an agency's token (a Company install), or a location's. */
function connection(
  kind: 'agency' | 'loc_1' | 'loc_2',
  settings: Record<string, unknown> = {},
): ProviderConnection {
  const tokens =
    kind === 'agency'
      ? { access_token: fake.issueAgencyToken(), refresh_token: 'rt_none' }
      : fake.issueTokens(kind);
  return {
    id: 1,
    companyId: 7,
    settings: { location_id: 'loc_1', company_id: fake.companyId, ...settings },
    secrets: { access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_at: far() },
  };
}

describe('GoHighLevel agency calls (LeadConnector API v2)', () => {
  it('asks for the menu-link scopes on the consent page', () => {
    expect(GHL_SCOPES.split(' ')).toEqual(
      expect.arrayContaining(['custom-menu-link.readonly', 'custom-menu-link.write', 'locations.readonly']),
    );
  });

  it("reads a sub-account's profile; an unknown one or another's is GoHighLevel's refusal", async () => {
    const agency = connection('agency');
    expect(await provider.agency.location(agency, save, 'loc_2')).toEqual({
      id: 'loc_2',
      name: 'Fake location 2',
      companyId: fake.companyId,
      email: 'owner2@fake-location.example',
      phone: '+13035551101',
      firstName: 'Fay',
      lastName: 'Owner 2',
      country: 'US',
    });
    const [read] = fake.calls('GET /locations/loc_2');
    expect(read?.headers).toMatchObject({
      authorization: `Bearer ${agency.secrets.access_token}`,
      version: GHL_API_VERSION,
    });
    await expect(provider.agency.location(agency, save, 'loc_404')).rejects.toThrow(
      new ProviderInputError('GoHighLevel answered HTTP 404: Location not found'),
    );
    // A location's own token reads only its own sub-account.
    await expect(provider.agency.location(connection('loc_1'), save, 'loc_2')).rejects.toThrow(
      'GoHighLevel answered HTTP 403: The token does not have access to this location.',
    );
    expect(fake.problems).toEqual([]);
  });

  it('creates a Custom Menu Link with the documented body, reads it, deletes exactly it', async () => {
    const agency = connection('agency');
    const link = await provider.agency.createMenuLink(agency, save, {
      title: 'Leads dashboard',
      url: 'https://leads.agency.example/dashboard',
      locationId: 'loc_2',
    });
    expect(link).toMatchObject({
      title: 'Leads dashboard',
      url: 'https://leads.agency.example/dashboard',
      locations: ['loc_2'],
    });
    const [create] = fake.calls('POST /custom-menus/');
    expect(create?.headers).toMatchObject({ version: GHL_API_VERSION, 'content-type': 'application/json' });
    expect(create?.body).toEqual({
      title: 'Leads dashboard',
      url: 'https://leads.agency.example/dashboard',
      icon: { name: 'chart-line', fontFamily: 'fas' },
      showOnCompany: false,
      showOnLocation: true,
      showToAllLocations: false,
      locations: ['loc_2'],
      openMode: 'iframe',
      userRole: 'all',
      allowCamera: false,
      allowMicrophone: false,
    });
    expect(await provider.agency.menuLink(agency, save, link.id)).toEqual(link);

    const other = await provider.agency.createMenuLink(agency, save, {
      title: 'Another',
      url: 'https://leads.agency.example/dashboard',
      locationId: 'loc_3',
    });
    expect(await provider.agency.deleteMenuLink(agency, save, link.id)).toBe('deleted');
    expect(fake.calls(`DELETE /custom-menus/${link.id}`)).toHaveLength(1);
    expect([...fake.menus.keys()]).toEqual([other.id]);
    // Gone already (deleted in GoHighLevel): said so, not an error.
    expect(await provider.agency.deleteMenuLink(agency, save, link.id)).toBe('gone');
    expect(await provider.agency.menuLink(agency, save, link.id)).toBeNull();
    expect(fake.problems).toEqual([]);
  });

  it("refuses with GoHighLevel's message: a location token, a 422, a 503", async () => {
    const input = { title: 'Leads', url: 'https://x.example/dashboard', locationId: 'loc_1' };
    await expect(provider.agency.createMenuLink(connection('loc_1'), save, input)).rejects.toThrow(
      'GoHighLevel answered HTTP 403: Forbidden resource',
    );
    const agency = connection('agency');
    await expect(
      provider.agency.createMenuLink(agency, save, { ...input, url: 'ftp://x.example/' }),
    ).rejects.toThrow('GoHighLevel answered HTTP 422: url must be a URL address');
    fake.failNext('POST /custom-menus/', { status: 503, body: { message: 'Service Unavailable' } });
    await expect(provider.agency.createMenuLink(agency, save, input)).rejects.toThrow(ProviderInputError);
    expect(fake.menus.size).toBe(1);
  });

  it("sends a client's leads through the agency's connection to the sub-account it was made from", async () => {
    const lead: LeadPayload = {
      id: 'lead-1',
      campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
      captured_at: new Date().toISOString(),
      first_name: 'Ivy',
      last_name: 'Linked',
      emails: ['ivy.linked@example.com'],
      phones: [],
      address: { street: '', city: '', state: '', zip: '' },
      page_url: null,
      keyword: null,
      test: false,
    };
    const links = {
      [LINKS_KEY]: {
        loc_2: {
          client_company_id: 55,
          location_name: 'Fake location 2',
          reserved_at: far(),
          menu_link: null,
        },
      },
    };
    const request = (
      clientCompanyId: number | undefined,
      campaignSettings: Record<string, unknown> = {},
    ) => ({
      connection: connection('loc_2', links),
      campaignSettings,
      lead,
      idempotencyKey: `msg_${clientCompanyId}`,
      attempt: 1,
      saveSecrets: save,
      clientCompanyId,
    });
    expect(await provider.deliver(request(55))).toMatchObject({
      outcome: 'delivered',
      request: 'POST /contacts/upsert (location loc_2, 0 tags)',
    });
    // Another client: the connection's own sub-account; a campaign's own choice wins over the link.
    expect((await provider.deliver(request(56))).request).toContain('location loc_1');
    expect((await provider.deliver(request(55, { location_id: 'loc_3' }))).request).toContain(
      'location loc_3',
    );
    expect(fake.calls('POST /contacts/upsert').map((c) => c.body.locationId)).toEqual([
      'loc_2',
      'loc_1',
      'loc_3',
    ]);
  });

  it('keeps the links when the agency signs in again to the same GoHighLevel agency, not to another', async () => {
    const links = { loc_2: { client_company_id: 55, location_name: 'Fake location 2', reserved_at: far() } };
    const verifier = randomBytes(32).toString('base64url');
    const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = 'https://app.example.com/api/integrations/oauth/callback';
    const signIn = (previousSettings: Record<string, unknown>) =>
      provider.oauth!.completeAuthorization({
        companyId: 7,
        code: fake.issueCode({ locationId: 'loc_1', redirectUri, codeChallenge }),
        redirectUri,
        codeVerifier: verifier,
        previousSettings,
      });
    const same = await signIn({ company_id: fake.companyId, [LINKS_KEY]: links });
    expect(same.settings[LINKS_KEY]).toEqual(links);
    const other = await signIn({ company_id: 'cmp_another_agency', [LINKS_KEY]: links });
    expect(other.settings[LINKS_KEY]).toBeUndefined();
  });
});
