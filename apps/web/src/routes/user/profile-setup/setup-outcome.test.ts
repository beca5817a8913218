import { makeDomain, makeSetup, makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { profileDoneButCardMissing, setupOutcome } from './setup-outcome';

describe('after setup completion', () => {
  const domain = makeDomain();

  it('lands a completed client on their module dashboard', () => {
    expect(setupOutcome(USERS.client(), makeSetup(), domain)).toEqual({
      kind: 'go',
      to: '/siteid/dashboard',
    });
  });

  it('lands an agency with the connected account disabled on General Setting', () => {
    const agency = makeUser({ charges_enabled: false });
    expect(setupOutcome(agency, makeSetup(), domain)).toEqual({
      kind: 'go',
      to: '/configuration/general-setting',
    });
  });

  it('sends a completed profile without the required card to Card Setting', () => {
    const client = makeUser({ user_type: 'client', customer_card_id: null });
    expect(profileDoneButCardMissing(client, makeSetup())).toBe(true);
    expect(setupOutcome(client, makeSetup(), domain)).toEqual({ kind: 'go', to: '/user/card-setting' });
  });

  it('reports a profile the server still holds incomplete', () => {
    const client = makeUser({ user_type: 'client', profile_setup_completed: 'F' });
    expect(profileDoneButCardMissing(client, makeSetup())).toBe(false);
    expect(setupOutcome(client, makeSetup(), domain)).toEqual({ kind: 'not-completed' });
    const pendingCheck = makeUser({ user_type: 'client' });
    expect(setupOutcome(pendingCheck, makeSetup({ setupcomplete: 'F' }), domain)).toEqual({
      kind: 'not-completed',
    });
  });
});
