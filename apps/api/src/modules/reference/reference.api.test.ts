import { AUTOCOMPLETE_TOO_SHORT, AUTOCOMPLETE_UNKNOWN_CATEGORY } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const get = (url: string) => rt.app.inject({ url: `/api${url}` });

describe('reference data (public)', () => {
  it('GET /general/state lists the states and DC', async () => {
    const res = await get('/general/state');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(51);
    expect(data).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('GET /general/state/{citystate}/cities answers all of a state’s cities by code or name', async () => {
    const byCode = (await get('/general/state/IL/cities')).json();
    expect(byCode.state).toEqual({ code: 'IL', name: 'Illinois' });
    expect(byCode.data).toEqual(expect.arrayContaining(['Chicago', 'Naperville', 'Springfield', 'Abingdon']));
    expect(byCode.data.length).toBeGreaterThan(500);
    expect(byCode.data.some((c: string) => c.endsWith(' County'))).toBe(false);
    expect(byCode.data).toEqual([...byCode.data].sort((a: string, b: string) => a.localeCompare(b)));
    expect((await get('/general/state/new%20york/cities')).json().data).toContain('Buffalo');
    expect((await get('/general/state/ZZ/cities')).statusCode).toBe(404);
    expect((await get('/general/state/x/cities')).statusCode).toBe(400);
  });

  it('GET /{category}/autocomplete/{searchtext} suggests cities, states and industries from 3 characters', async () => {
    const cities = await get('/city/autocomplete/chic');
    expect(cities.statusCode).toBe(200);
    expect(cities.json()[0]).toEqual({ value: 'Chicago', label: 'Chicago, IL', state_code: 'IL' });
    expect((await get('/state/autocomplete/caro')).json().map((s: { value: string }) => s.value)).toEqual([
      'NC',
      'SC',
    ]);
    expect((await get('/industry/autocomplete/dent')).json()).toEqual([{ value: 'Dental', label: 'Dental' }]);
    expect((await get('/city/autocomplete/san')).json().length).toBe(10);
    // Places beyond the principal cities are suggested too.
    expect((await get('/city/autocomplete/abingd')).json()).toContainEqual({
      value: 'Abingdon',
      label: 'Abingdon, IL',
      state_code: 'IL',
    });

    const short = await get('/city/autocomplete/ch');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(AUTOCOMPLETE_TOO_SHORT);
    const unknown = await get('/company/autocomplete/north');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(AUTOCOMPLETE_UNKNOWN_CATEGORY);
  });
});
