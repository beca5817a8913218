import { type Branding, brandingSchema, type SessionUser } from '@app/contracts';

type LookUser = Pick<
  SessionUser,
  | 'isViewMode'
  | 'sidebar_bgcolor'
  | 'template_bgcolor'
  | 'box_bgcolor'
  | 'text_color'
  | 'link_color'
  | 'font_theme'
>;

/**
 * The branding the app paints with. Normally the host's; in view mode the viewed person's company
 * look (the colours and font their session carries), so the shell shows the viewed company's logo
 * with its own colours, not the system's. Re-validated: a look that fails the contract keeps the host's.
 */
export function shownBranding(host: Branding, user: LookUser | null): Branding {
  if (!user?.isViewMode) return host;
  const look = brandingSchema.safeParse({
    ...host,
    sidebar_bgcolor: user.sidebar_bgcolor,
    template_bgcolor: user.template_bgcolor,
    box_bgcolor: user.box_bgcolor,
    text_color: user.text_color,
    link_color: user.link_color,
    font_theme: user.font_theme,
  });
  return look.success ? look.data : host;
}
