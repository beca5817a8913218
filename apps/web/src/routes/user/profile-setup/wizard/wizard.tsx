import {
  Box,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { brandVar } from '../../../../app/branding/brand-theme';
import {
  type BeforeChange,
  canOpenTab,
  changeStep,
  initialWizardState,
  isFirstStep,
  isLastStep,
  passes,
  stepBack,
  type WizardState,
  wizardProgress,
} from './wizard-state';

export interface WizardStep {
  id: string;
  title: string;
  description?: string;
  content: ReactNode;
  /** Runs before leaving this step forward (Next, Finish, or a visited tab ahead). */
  beforeChange?: BeforeChange;
}

export interface WizardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  steps: readonly WizardStep[];
  /** Text of the last step's button (spec 2 §2: 'Go To Dashboard' or 'Go To General Settings'). */
  finishLabel: string;
  /** Runs after the last step's check passed. */
  onFinish: () => void | Promise<void>;
  nextLabel?: string;
  backLabel?: string;
  /** The step to open on (a resumed wizard); the first when absent. */
  startAt?: number;
  /** Told the id of the step shown whenever it changes, so the page can keep it (in its address). */
  onStepShown?: (id: string) => void;
}

/**
 * Multi-step wizard (spec 2 §2, §4): a row of step tabs (checked once visited; visited tabs can be
 * opened), a progress bar that follows the step from 0 to 100, the active step's content, and Back /
 * Next / finish buttons. Step rules live in wizard-state.ts. Give it a `key` that changes with the set
 * of steps: the state is sized once.
 */
export function Wizard({
  title,
  subtitle,
  steps,
  finishLabel,
  onFinish,
  nextLabel = 'Next',
  backLabel = 'Back',
  startAt = 0,
  onStepShown,
}: WizardProps) {
  const [state, setShownState] = useState(() => initialWizardState(steps.length, startAt));
  const setState = (next: WizardState) => {
    setShownState(next);
    const id = steps[next.active]?.id;
    if (next.active !== state.active && id) onStepShown?.(id);
  };
  const [busy, setBusy] = useState(false);
  // Guards against a second click while a check is running (state updates are not synchronous).
  const running = useRef(false);
  const active = steps[state.active];
  const last = isLastStep(state);
  const progress = wizardProgress(state.active, steps.length);

  async function run(task: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const goTo = (target: number) =>
    run(async () => setState(await changeStep(state, target, active?.beforeChange)));

  const finish = () =>
    run(async () => {
      if (await passes(active?.beforeChange)) await onFinish();
    });

  const back = () => {
    if (!running.current) setState(stepBack(state));
  };

  return (
    <Paper withBorder radius="md" p="lg" style={{ background: brandVar('boxBg') }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Group role="tablist" aria-label="Steps" gap="xs" grow preventGrowOverflow={false} wrap="nowrap">
            {steps.map((step, index) => {
              const selected = index === state.active;
              const visited = state.checked[index] === true;
              return (
                <UnstyledButton
                  key={step.id}
                  role="tab"
                  id={`wizard-tab-${step.id}`}
                  aria-selected={selected}
                  aria-controls="wizard-panel"
                  disabled={busy || !canOpenTab(state, index)}
                  onClick={() => void goTo(index)}
                  data-testid={`wizard-tab-${step.id}`}
                  data-checked={visited && !selected ? 'true' : undefined}
                  p={6}
                >
                  <Group gap="xs" wrap="nowrap">
                    <ThemeIcon
                      size={26}
                      radius="xl"
                      variant={selected ? 'filled' : visited ? 'light' : 'default'}
                      aria-hidden
                    >
                      {visited && !selected ? <IconCheck size={16} /> : <Text size="xs">{index + 1}</Text>}
                    </ThemeIcon>
                    <Text
                      size="sm"
                      fw={selected ? 700 : 500}
                      c={selected || visited ? undefined : 'dimmed'}
                      truncate
                    >
                      {step.title}
                    </Text>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Group>
          <Progress
            value={progress}
            size="sm"
            transitionDuration={200}
            aria-label={`Step ${state.active + 1} of ${steps.length}`}
            data-testid="wizard-progress"
            data-progress={progress}
          />
        </Stack>
        <Box
          id="wizard-panel"
          role="tabpanel"
          aria-labelledby={active ? `wizard-tab-${active.id}` : undefined}
        >
          {active && (
            <Stack gap="md">
              {active.description && (
                <Text c="dimmed" size="sm">
                  {active.description}
                </Text>
              )}
              {active.content}
            </Stack>
          )}
        </Box>
        <Group justify="space-between">
          {isFirstStep(state) ? (
            <span />
          ) : (
            <Button variant="default" onClick={back} disabled={busy} data-testid="wizard-back">
              {backLabel}
            </Button>
          )}
          {last ? (
            <Button onClick={() => void finish()} loading={busy} data-testid="wizard-finish">
              {finishLabel}
            </Button>
          ) : (
            <Button onClick={() => void goTo(state.active + 1)} loading={busy} data-testid="wizard-next">
              {nextLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
