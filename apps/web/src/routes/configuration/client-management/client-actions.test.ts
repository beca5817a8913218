import { USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { makeNode } from '../../../../test/agency-node';
import { clientRowActions } from './client-actions';

const client = makeNode({ user_type: 'client', company_id: 70, id: 7 });

describe('client management row icons', () => {
  it('lets an agency delete, read the logs of and switch to its clients', () => {
    const actions = clientRowActions(USERS.userdownline(), client);
    expect([...actions]).toEqual(expect.arrayContaining(['delete', 'user-logs', 'switch-user']));
  });

  it('does not switch from inside view mode', () => {
    expect(clientRowActions(USERS.viewModeAgency(), client).has('switch-user')).toBe(false);
  });

  it('gives a sales account executive neither delete nor switch', () => {
    const actions = clientRowActions(USERS.accountExecutive(), client);
    expect(actions.has('delete')).toBe(false);
    expect(actions.has('switch-user')).toBe(false);
  });
});
