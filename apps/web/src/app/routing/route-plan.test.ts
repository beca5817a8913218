import { ROUTES } from '@app/policy';
import { describe, expect, it } from 'vitest';
import { planRoutes } from './route-plan';
import { SCREENS, screenLoader } from './screen-modules';

describe('planRoutes', () => {
  const plan = planRoutes(ROUTES);
  const paths = (list: { path: string }[]) => list.map((r) => r.path);

  it('puts visitor routes under the auth layout and public documents under the public layout', () => {
    expect(paths(plan.auth)).toEqual(expect.arrayContaining(['/login', '/sso', '/set-new-password/:token']));
    expect(paths(plan.public)).toEqual([
      '/privacy-policy',
      '/term-of-use',
      '/service-billing-agreement',
      '/marketing-services-agreement-developer',
      '/confirm-email/:token',
    ]);
  });

  it('keeps redirect-only aliases out of the layouts', () => {
    expect(plan.aliases).toEqual(expect.arrayContaining(['/user', '/configuration']));
    expect(plan.aliases).not.toContain('/');
    const all = [...plan.auth, ...plan.public, ...plan.shell];
    expect(all.some((r) => r.path === '/user' || r.path === '/')).toBe(false);
  });

  it('serves every module page through one pattern per page', () => {
    const dashboard = plan.shell.find((r) => r.path === '/:moduleSlug/dashboard');
    expect(dashboard?.screenKey).toBe('module.dashboard');
    expect(dashboard?.routeIds).toEqual(
      expect.arrayContaining(['module.local.dashboard', 'module.b2b.dashboard']),
    );
    expect(plan.shell.filter((r) => r.path.startsWith('/:moduleSlug/'))).toHaveLength(4);
  });

  it('plans every policy route exactly once', () => {
    const planned = [...plan.auth, ...plan.public, ...plan.shell].flatMap((r) => r.routeIds);
    const redirects = ROUTES.filter((r) => r.redirect).map((r) => r.id);
    expect(new Set(planned).size).toBe(planned.length);
    expect(planned.length + redirects.length).toBe(ROUTES.length);
  });

  it('has a screen for every route (no stand-in screen)', () => {
    const keys = [...plan.auth, ...plan.public, ...plan.shell].map((r) => r.screenKey);
    expect(keys.filter((key) => !Object.hasOwn(SCREENS, key))).toEqual([]);
    expect(() => screenLoader('no-such-route')).toThrow('No screen for route no-such-route');
  });

  it('maps real screens only to routes that exist', () => {
    const keys = new Set([...plan.auth, ...plan.public, ...plan.shell].map((r) => r.screenKey));
    for (const key of Object.keys(SCREENS)) expect(keys.has(key)).toBe(true);
  });
});
