import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };
type ScreenLoader = () => Promise<ScreenModule>;

/**
 * Screens that exist, by policy route id (module pages by `module.<page>`). Every other route renders
 * the shared pending screen; a later issue adds its screen here and nowhere else.
 */
const documentPage: ScreenLoader = () => import('../../routes/public/document/document-page');

export const SCREENS: Record<string, ScreenLoader> = {
  login: () => import('../../routes/visitor/login/login-page'),
  'set-new-password': () => import('../../routes/visitor/set-new-password/set-new-password-page'),
  'reset-password-invalid': () =>
    import('../../routes/visitor/reset-password-invalid/reset-password-invalid-page'),
  'privacy-policy': documentPage,
  'term-of-use': documentPage,
  'service-billing-agreement': documentPage,
  'marketing-services-agreement-developer': documentPage,
};

export const pendingScreen: ScreenLoader = () => import('../../routes/pending/pending-page');

export function screenLoader(screenKey: string): ScreenLoader {
  return SCREENS[screenKey] ?? pendingScreen;
}
