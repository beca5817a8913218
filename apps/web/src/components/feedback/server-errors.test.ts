import { describe, expect, it } from 'vitest';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE } from '../../api/http';
import { inputsNamed, placeServerErrors } from './server-errors';

const SMTP_INPUTS = inputsNamed(['host', 'port', 'fromAddress'] as const);
const PRIVATE_HOST = 'The SMTP host must be a public address.';

describe('placeServerErrors', () => {
  it("puts a settings body's nested field (comsetval.host) under the host input, with no form message", () => {
    const error = new ApiRequestError(400, 'validation', PRIVATE_HOST, { 'comsetval.host': PRIVATE_HOST });
    expect(placeServerErrors(error, SMTP_INPUTS)).toEqual({ fields: { host: PRIVATE_HOST }, message: null });
  });

  it('follows aliases for inputs the server names differently', () => {
    const error = new ApiRequestError(400, 'validation', 'Taken', { DownlineDomain: 'Taken' });
    expect(placeServerErrors(error, inputsNamed(['domain'], { DownlineDomain: 'domain' }))).toEqual({
      fields: { domain: 'Taken' },
      message: null,
    });
  });

  it('shows the texts that name no input as the form message, and keeps the placed ones', () => {
    const error = new ApiRequestError(400, 'validation', 'Port bad', {
      'comsetval.port': 'Port bad',
      companyID: 'Unknown company',
    });
    expect(placeServerErrors(error, SMTP_INPUTS)).toEqual({
      fields: { port: 'Port bad' },
      message: 'Unknown company',
    });
  });

  it("shows the server's message when the answer carries no field texts", () => {
    const error = new ApiRequestError(409, 'conflict', 'A role with this name already exists.');
    expect(placeServerErrors(error, SMTP_INPUTS)).toEqual({
      fields: {},
      message: 'A role with this name already exists.',
    });
  });

  it('shows the generic text for a failure that is not an API answer', () => {
    expect(placeServerErrors(new TypeError('boom'), SMTP_INPUTS).message).toBe(GENERIC_FAILURE_MESSAGE);
  });

  it('lets a form choose its own failure text (spec 2 §8 busy text)', () => {
    const error = new ApiRequestError(0, 'network_error', GENERIC_FAILURE_MESSAGE);
    expect(placeServerErrors(error, SMTP_INPUTS, () => 'Server busy').message).toBe('Server busy');
  });

  it('keeps the first text of an input', () => {
    const error = new ApiRequestError(400, 'validation', 'a', { host: 'first', 'x.host': 'second' });
    expect(placeServerErrors(error, SMTP_INPUTS).fields.host).toBe('first');
  });
});
