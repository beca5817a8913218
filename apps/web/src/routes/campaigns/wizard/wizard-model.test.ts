import {
  CAMPAIGN_NAME_REQUIRED,
  type CampaignDetail,
  KEYWORDS_REQUIRED,
  TARGETING_REQUIRED,
  URL_INVALID,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/http';
import { placeServerErrors } from '../../../components/feedback/server-errors';
import {
  CAMPAIGN_FIELD_OF,
  CHOOSE_CLIENT,
  checkCreate,
  checkUpdate,
  createRequestOf,
  emptyCampaignForm,
  errorsOfStep,
  firstStepWithError,
  formOfCampaign,
  informationListOf,
  moduleFields,
  updateRequestsOf,
} from './wizard-model';

const local = { ...emptyCampaignForm('7'), campaignName: 'Spring', urlCode: 'https://www.harbor.example/' };

describe('campaign wizard: the fields of each module', () => {
  it('shows the site fields for local and keywords and geography for the others (the catalogue)', () => {
    expect(moduleFields('local').has('urlCode')).toBe(true);
    expect(moduleFields('local').has('locatorkeyword')).toBe(false);
    expect(moduleFields('locator').has('locatorkeyword')).toBe(true);
    expect(moduleFields('locator').has('urlCode')).toBe(false);
    expect(moduleFields('b2b').has('locatorzip')).toBe(true);
  });

  it('gives enhance the advanced-information list and b2b its B2B list', () => {
    expect(informationListOf('enhance')).toBe('listAdvanceInformationId');
    expect(informationListOf('b2b')).toBe('listB2BInformationId');
    expect(informationListOf('local')).toBeNull();
    expect(informationListOf('locator')).toBeNull();
  });
});

describe('campaign wizard: create body', () => {
  it("sends a local campaign's site fields and the common fields, with the Chicago default zone", () => {
    const body = createRequestOf({ ...local, gtminstalled: true, locatorstate: ['TX'] }, 'local');
    expect(body).toMatchObject({
      leadspeekType: 'local',
      clientID: 7,
      campaignName: 'Spring',
      companyGroupID: 0,
      urlCode: 'https://www.harbor.example/',
      gtminstalled: 'T',
      locatorstate: ['TX'],
      locationtarget: 'include',
      timezone: 'America/Chicago',
      reidentificationtype: 'never',
      applyreidentificationall: 'F',
    });
    expect(body).not.toHaveProperty('locatorkeyword');
  });

  it('sends keywords and geography for locator, with the required fields joined', () => {
    const body = createRequestOf(
      {
        ...local,
        locatorkeyword: ['roof repair'],
        locatorzip: '78701\n78702',
        locatorrequire: ['FirstName', 'Email'],
        listB2BInformationId: ['x'],
      },
      'locator',
    );
    expect(body).toMatchObject({
      locatorkeyword: ['roof repair'],
      locatorzip: '78701\n78702',
      locatorrequire: 'FirstName,Email',
    });
    expect(body.listB2BInformationId).toEqual([]);
    expect(body).not.toHaveProperty('urlCode');
  });

  it('is refused with the contracts texts beside the fields, and asks an agency user for a client', () => {
    const checked = checkCreate({ ...emptyCampaignForm(''), urlCode: 'not a url' }, 'local');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      clientID: CHOOSE_CLIENT,
      campaignName: CAMPAIGN_NAME_REQUIRED,
      urlCode: URL_INVALID,
    });
    expect(firstStepWithError(checked.errors)).toBe('campaign');
    expect(errorsOfStep(checked.errors, 'targeting')).toEqual({ urlCode: URL_INVALID });
  });

  it('passes a complete local campaign', () => {
    expect(checkCreate(local, 'local').ok).toBe(true);
  });

  it('keeps a Search ID campaign on its targeting step without a keyword and somewhere to look', () => {
    const bare = { ...local, urlCode: '' };
    const checked = checkCreate(bare, 'locator');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(errorsOfStep(checked.errors, 'targeting')).toEqual({
      locatorkeyword: KEYWORDS_REQUIRED,
      nationaltargeting: TARGETING_REQUIRED,
    });
    // The same when editing, and an enhance list needs a place but no keyword.
    const edit = checkUpdate(bare, 'locator', 31);
    expect(edit.ok ? {} : errorsOfStep(edit.errors, 'targeting')).toHaveProperty('locatorkeyword');
    const enhance = checkCreate(bare, 'enhance');
    expect(enhance.ok ? {} : errorsOfStep(enhance.errors, 'targeting')).toEqual({
      nationaltargeting: TARGETING_REQUIRED,
    });
    const complete = { ...bare, locatorkeyword: ['roof repair'], locatorzip: '78701, 78702' };
    expect(checkCreate(complete, 'locator').ok).toBe(true);
    expect(
      checkCreate({ ...bare, locatorkeyword: ['roof repair'], nationaltargeting: true }, 'locator').ok,
    ).toBe(true);
  });
});

describe('campaign wizard: editing', () => {
  it('updates the common fields, then the module part', () => {
    const requests = updateRequestsOf(local, 'local', 31);
    expect(requests.map((r) => r.part)).toEqual(['common', 'local']);
    expect(requests[0]?.body).toMatchObject({ leadspeekID: 31, campaignName: 'Spring' });
    expect(requests[1]?.body).toMatchObject({ leadspeekID: 31, urlCode: local.urlCode });
    expect(updateRequestsOf(local, 'enhance', 31).map((r) => r.part)).toEqual(['common', 'locator']);
    expect(checkUpdate(local, 'local', 31).ok).toBe(true);
  });

  it('fills the form from a stored campaign and back to the same body', () => {
    const detail = {
      clientID: 7,
      campaignName: 'Spring',
      companyGroupID: 0,
      startdatecampaign: '',
      enddatecampaign: '',
      timezone: 'America/Denver',
      urlCode: 'https://www.harbor.example/',
      urlCodeThankyou: '',
      gtminstalled: 'F',
      locationtarget: 'exclude',
      locatorkeyword: [],
      locatorkeywordcontextual: [],
      locatorzip: '',
      locatorstate: ['CA'],
      locatorcity: [],
      nationaltargeting: 'F',
      locatordesc: '',
      locatorrequire: '',
      listAdvanceInformationId: [],
      listB2BInformationId: [],
      reportType: 'Excel',
      reportSentTo: ['a@b.example'],
      adminNotifyTo: [],
      leadsAmountNotification: 5,
      requireemailaddress: 'T',
      phoneenabled: 'F',
      homeaddressenabled: 'F',
      reidentificationtype: '30',
      applyreidentificationall: 'T',
      clientHidePhone: 'T',
    } as unknown as CampaignDetail;
    const form = formOfCampaign(detail);
    expect(form).toMatchObject({
      clientID: '7',
      locatorrequire: [],
      requireemailaddress: true,
      clientHidePhone: true,
    });
    expect(createRequestOf(form, 'local')).toMatchObject({
      timezone: 'America/Denver',
      locationtarget: 'exclude',
      reportType: 'Excel',
      reidentificationtype: '30',
      applyreidentificationall: 'T',
      requireemailaddress: 'T',
    });
  });
});

describe('campaign wizard: server errors', () => {
  it('puts the server texts beside their inputs; the module field lands on the client', () => {
    const error = new ApiRequestError(400, 'bad_request', 'x', {
      nationaltargeting: TARGETING_REQUIRED,
      leadspeekType: 'This module is not enabled for this client.',
      'reportSentTo.1': 'Enter a valid e-mail address.',
    });
    const placed = placeServerErrors(error, CAMPAIGN_FIELD_OF);
    expect(placed.fields).toEqual({
      nationaltargeting: TARGETING_REQUIRED,
      clientID: 'This module is not enabled for this client.',
      reportSentTo: 'Enter a valid e-mail address.',
    });
    expect(placed.message).toBeNull();
    expect(firstStepWithError(placed.fields)).toBe('campaign');
  });
});
