import type { DomainInfo, SessionUser, SetupCheck } from '@app/contracts';
import { hasCard, PATHS, requiresCard } from '@app/policy';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { failureMessage } from '../../../api/http';
import { PageLoader } from '../../../app/routing/page-loader';
import { CompanyFields } from '../profile-form/company-fields';
import { PersonalFields } from '../profile-form/personal-fields';
import { hasCompanyStep, useCompanyForm, usePersonalForm } from '../profile-form/use-profile-forms';
import { useQuestionnaire, useSetupCompletion } from '../questionnaire/use-questionnaire';
import { useUserRoute } from '../shared/use-user-route';
import { CampaignSetupFields, useCampaignSetup } from './campaign-setup-fields';
import { CardStep } from './card-step';
import { FinishStep } from './finish-step';
import { profileDoneButCardMissing, SETUP_NOT_COMPLETED, setupOutcome } from './setup-outcome';
import { Wizard, type WizardStep } from './wizard/wizard';
import { finishButtonLabel, resumeIndex } from './wizard/wizard-state';

/** Every step the setup can have, in order; which of them a person gets depends on the account. */
const SETUP_STEP_ORDER = ['personal', 'company', 'payment', 'finish'] as const;

/**
 * /user/profile-setup (and /user/profile-setup-v1, which the policy sends here unless the user may
 * have it; both render this screen): personal details (`POST /user/update` step 1), company details
 * (step 2, agencies and clients), Payment Setup (the card form, for accounts that need a card and have
 * none), then a summary with the questionnaire for non-clients. Finishing
 * sends `PUT /leadspeek/user/setupcomplete`, refetches user and setup check and goes where rule 7 of
 * spec 1 §2.4 lands this user now.
 */
export function ProfileSetupPage() {
  const route = useUserRoute();
  if (!route) return <PageLoader label="Loading your profile" />;
  return <ProfileSetup key={route.user.id} user={route.user} setup={route.setup} domain={route.domain} />;
}

interface ProfileSetupProps {
  user: SessionUser;
  setup: SetupCheck | null;
  domain: DomainInfo;
}

function ProfileSetup({ user, setup, domain }: ProfileSetupProps) {
  const navigate = useNavigate();
  // The step shown is kept in the address (?step=company), so a reload resumes there.
  const [search, setSearch] = useSearchParams();
  const personal = usePersonalForm(user);
  const company = useCompanyForm(user, domain);
  const questionnaire = useQuestionnaire();
  const completion = useSetupCompletion();
  const campaignSetup = useCampaignSetup(user);
  const [finishError, setFinishError] = useState<string | null>(null);
  const isClient = user.user_type === 'client';
  const withCompany = hasCompanyStep(user);
  // Decided once: saving the card refreshes the session user, and the steps must not change under it.
  const [withCard] = useState(() => requiresCard(user) && !hasCard(user));

  async function handleFinish() {
    setFinishError(null);
    // A client's campaign setup goes with it (decision 0094); dates out of order stop here.
    const extra = isClient ? campaignSetup.payload() : {};
    if (extra === null) return;
    try {
      const { session } = await completion.complete(
        user.id,
        isClient ? undefined : questionnaire.answers,
        extra,
      );
      const outcome = setupOutcome(session.user, session.setup, domain);
      if (outcome.kind === 'go') navigate(outcome.to, { replace: true });
      else setFinishError(SETUP_NOT_COMPLETED);
    } catch (error) {
      setFinishError(failureMessage(error));
    }
  }

  const steps: WizardStep[] = [
    {
      id: 'personal',
      title: 'Personal Details',
      description: 'Tell us who you are and how to reach you.',
      content: <PersonalFields form={personal} user={user} />,
      beforeChange: () => personal.save({ skipWhenUnchanged: true }),
    },
  ];
  if (withCompany) {
    steps.push({
      id: 'company',
      title: 'Company Details',
      description: isClient ? 'Your business as your agency sees it.' : 'Your agency as your clients see it.',
      content: <CompanyFields form={company} user={user} systemDomain={domain.domain} />,
      beforeChange: () => company.save({ skipWhenUnchanged: true }),
    });
  }
  if (withCard) {
    steps.push({
      id: 'payment',
      title: 'Payment Setup',
      description: 'Add the card that pays for your account.',
      content: <CardStep user={user} />,
    });
  }
  steps.push({
    id: 'finish',
    title: 'Finish',
    description: isClient
      ? 'Check your details, then finish the setup.'
      : 'Check your details and answer a few questions, then finish the setup.',
    content: (
      <FinishStep
        user={user}
        withCompany={withCompany}
        industry={company.values.industry}
        subdomain={company.values.subdomain}
        questionnaire={isClient ? null : questionnaire}
        disabled={completion.pending}
        error={finishError}
        campaignSetup={
          isClient ? (
            <CampaignSetupFields user={user} form={campaignSetup} disabled={completion.pending} />
          ) : null
        }
      />
    ),
    beforeChange: isClient ? undefined : questionnaire.check,
  });

  return (
    <Stack gap="lg" maw={960}>
      {profileDoneButCardMissing(user, setup) && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCreditCard />}
          title="Payment setup"
          data-testid="setup-card-missing"
        >
          <Stack gap="xs" align="flex-start">
            Your profile is complete. A payment card is still needed before you can use the platform.
            <Button component={Link} to={PATHS.cardSetting} size="xs" variant="light">
              Open Card Setting
            </Button>
          </Stack>
        </Alert>
      )}
      <Wizard
        key={steps.map((step) => step.id).join('|')}
        startAt={resumeIndex(
          steps.map((step) => step.id),
          search.get('step'),
          SETUP_STEP_ORDER,
        )}
        onStepShown={(id) =>
          setSearch(
            (params) => {
              params.set('step', id);
              return params;
            },
            { replace: true },
          )
        }
        title="Profile Setup"
        subtitle={startUsing(domain.branding.company_name)}
        steps={steps}
        finishLabel={finishButtonLabel(user.user_type)}
        onFinish={handleFinish}
      />
    </Stack>
  );
}

/** 'Complete your profile to start using LeadOrbit Inc.' (no second full stop after an abbreviation). */
function startUsing(name: string): string {
  const sentence = `Complete your profile to start using ${name.trim() || 'the platform'}`;
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

export default ProfileSetupPage;
