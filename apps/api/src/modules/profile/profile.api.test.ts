import { SUBDOMAIN_RESERVED, SUBDOMAIN_TAKEN } from '@app/contracts';
import { companies, DEMO, drawLogoPng, eq } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

/** A multipart body as a browser's FormData would send it. */
function multipart(
  fields: Record<string, string | number>,
  file?: { name: string; bytes: Buffer; type: string },
) {
  const boundary = '----test-boundary-7d1a';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="pict"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function session(email: string) {
  const { access_token } = await signIn(rt, email);
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  const update = (fields: Record<string, string | number>, file?: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return rt.app.inject({
      method: 'POST',
      url: '/api/user/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(access_token) },
    });
  };
  return { token: access_token, me, update };
}

const step1 = (id: number, overrides: Record<string, string | number> = {}) => ({
  profilestep: '1',
  id,
  name: 'Pat Kim',
  email: DEMO.summit.clients[0].contact.email,
  phone: '3125550111',
  phoneCountryCode: 'US',
  phoneCountryDialCode: '+1',
  city: 'Denver',
  ...overrides,
});

describe('profile', () => {
  it('saves step 1 with a picture validated by its content, and refuses a taken e-mail with error_email', async () => {
    const { me, update, token } = await session(DEMO.summit.clients[0].contact.email);
    const png = drawLogoPng('#336699', 16);
    const ok = await update(step1(me.id), { name: 'me.png', bytes: png, type: 'image/png' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ result: 'success', picexist: true });
    // Profile pictures are private: the signed link works, the bare id or a forged signature does not.
    const link = ok.json().image_url as string;
    const picture = await rt.app.inject({ url: link });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect((await rt.app.inject({ url: link.split('?')[0]! })).statusCode).toBe(404);
    expect(
      (await rt.app.inject({ url: link.replace(/signature=[^&]+/, 'signature=forged') })).statusCode,
    ).toBe(404);
    expect((await rt.app.inject({ url: '/api/user', headers: bearer(token) })).json()).toMatchObject({
      city: 'Denver',
      phonenum: '3125550111',
    });

    const taken = await update(step1(me.id, { email: DEMO.northwind.owner.email }));
    expect(taken.json()).toMatchObject({
      result: 'error_email',
      message: 'The email has already been taken.',
    });
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    const { me, update } = await session(DEMO.summit.clients[0].contact.email);
    const res = await update(step1(me.id), {
      name: 'me.png',
      bytes: Buffer.from('<svg onload="alert(1)"></svg>'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(400);
  });

  it('validates fields with the spec texts and refuses editing someone else', async () => {
    const { me, update } = await session(DEMO.summit.clients[0].contact.email);
    const long = await update(step1(me.id, { name: 'x'.repeat(256) }));
    expect(long.json().error.fields.name).toBe('Full Name must not exceed 255 characters.');
    const phone = await update(step1(me.id, { phone: '12' }));
    expect(phone.statusCode).toBe(400);
    expect((await update(step1(1))).statusCode).toBe(404);
  });

  it('saves step 2 (company, subdomain, logo) for an agency and the branding follows', async () => {
    const { me, update } = await session(DEMO.summit.owner.email);
    const res = await update(
      {
        profilestep: '2',
        id: me.id,
        company: 'Summit Growth',
        industry: 'Marketing',
        DownlineSubDomain: 'summit',
      },
      { name: 'logo.png', bytes: drawLogoPng('#aa3300', 32), type: 'image/png' },
    );
    expect(res.statusCode).toBe(200);
    const info = (await rt.app.inject({ url: '/api/domainsubdomain/summit.localhost/summit' })).json();
    expect(info.branding.company_name).toBe('Summit Growth');
    expect(info.branding.logo_url).toBe(res.json().image_url);
    const clash = await update({
      profilestep: '2',
      id: me.id,
      company: 'Summit Growth',
      DownlineSubDomain: DEMO.northwind.subdomain,
    });
    expect(clash.json().error.fields.DownlineSubDomain).toBe('This subdomain is already taken.');
    // The same host rules as the settings screen: no reserved label, no host that already exists
    // (brightreach.localhost is another system's domain).
    for (const [subdomain, message] of [
      ['www', SUBDOMAIN_RESERVED],
      ['brightreach', SUBDOMAIN_TAKEN],
    ] as const) {
      const refused = await update({
        profilestep: '2',
        id: me.id,
        company: 'Renamed',
        DownlineSubDomain: subdomain,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.DownlineSubDomain).toBe(message);
    }
    const [after] = await rt.database.db.select().from(companies).where(eq(companies.id, me.company_id));
    expect(after).toMatchObject({ name: 'Summit Growth', subdomain: 'summit' });
  });

  it('answers the onboarding status: next steps until the account is complete', async () => {
    const summit = await session(DEMO.summit.owner.email);
    const status = await rt.app.inject({
      url: `/api/user/onboarding-status/${summit.me.id}`,
      headers: bearer(summit.token),
    });
    expect(status.json()).toEqual({
      profile_setup_completed: true,
      card_added: true,
      account_connected: false,
      next_step: 'connect_account',
    });
    const northwind = await session(DEMO.northwind.owner.email);
    const done = await rt.app.inject({
      url: `/api/user/onboarding-status/${northwind.me.id}`,
      headers: bearer(northwind.token),
    });
    expect(done.json().next_step).toBeNull();
    expect(
      (
        await rt.app.inject({
          url: `/api/user/onboarding-status/${summit.me.id}`,
          headers: bearer(northwind.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('marks setup complete with questionnaire answers, and the setup check follows', async () => {
    const { me, token } = await session(DEMO.summit.clients[0].contact.email);
    expect(
      (await rt.app.inject({ url: `/api/user/checksetupcomplete/${me.id}`, headers: bearer(token) })).json()
        .setupcomplete,
    ).toBe('F');
    const res = await send(
      rt,
      '/api/leadspeek/user/setupcomplete',
      { usrID: me.id, statuscomplete: 'T', answers: { goal: '100 leads a month' } },
      { token, method: 'PUT' },
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await rt.app.inject({ url: `/api/user/checksetupcomplete/${me.id}`, headers: bearer(token) })).json()
        .setupcomplete,
    ).toBe('T');
  });
});
