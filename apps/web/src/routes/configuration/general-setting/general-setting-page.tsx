import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { BrandingSection } from './branding-section';
import { DomainSection } from './domain-section';
import { MinimumSpendSection } from './minimum-spend-section';
import { ModulesSection } from './modules-section';
import { OnboardingSection } from './onboarding-section';
import { PaymentAccountSection } from './payment-account-section';
import { PaymentGatewaySection } from './payment-gateway-section';
import { PaymentTermSection } from './payment-term-section';
import type { SectionProps } from './section-parts';
import { SECTION_LABELS, type SectionId, sectionControls, settingSections } from './sections';
import { SimplifiSection } from './simplifi-section';
import { SmtpSection } from './smtp-section';
import { SubscriptionSection } from './subscription-section';

const SECTION_COMPONENTS: Record<SectionId, ComponentType<SectionProps>> = {
  branding: BrandingSection,
  modules: ModulesSection,
  'payment-term': PaymentTermSection,
  smtp: SmtpSection,
  domain: DomainSection,
  onboarding: OnboardingSection,
  'minimum-spend': MinimumSpendSection,
  simplifi: SimplifiSection,
  subscription: SubscriptionSection,
  'payment-account': PaymentAccountSection,
  'payment-gateway': PaymentGatewaySection,
};

/**
 * /configuration/general-setting (spec 2 §2): the company's settings in tabs, the open tab in the URL
 * (`?tab=`). Save, add and delete buttons follow the policy's action for each section (`sectionControls`:
 * the Settings switches of spec 2 §6, and the platform's prices for system staff only); the server checks
 * the same.
 */
export function GeneralSettingPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  const permissions = useSessionPermissions();
  const [params, setParams] = useSearchParams();

  if (!user) return <PageLoader label="Loading settings" />;
  const sections = settingSections(user);
  const requested = params.get('tab') as SectionId | null;
  const active = requested && sections.includes(requested) ? requested : sections[0];

  return (
    <Stack gap="md">
      <Title order={2}>General Setting</Title>
      {sections.length === 0 || !active ? (
        <Text c="dimmed">There are no settings for your account.</Text>
      ) : (
        <Tabs
          value={active}
          onChange={(tab) => tab && setParams({ tab }, { replace: true })}
          keepMounted={false}
          variant="outline"
        >
          <Tabs.List>
            {sections.map((id) => (
              <Tabs.Tab key={id} value={id} data-testid={`setting-tab-${id}`}>
                {SECTION_LABELS[id]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {sections.map((id) => {
            const Section = SECTION_COMPONENTS[id];
            return (
              <Tabs.Panel key={id} value={id}>
                <Paper
                  withBorder
                  p="lg"
                  style={{ borderTop: 0, borderTopLeftRadius: 0, borderTopRightRadius: 0 }}
                >
                  <Section
                    user={user}
                    companyID={user.company_id}
                    {...sectionControls(id, permissions.may)}
                  />
                </Paper>
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </Stack>
  );
}

export default GeneralSettingPage;
