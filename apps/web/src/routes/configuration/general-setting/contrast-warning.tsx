import { Alert, List, Text } from '@mantine/core';
import { formatRatio, type Palette, paletteContrastIssues } from '../../../app/branding/palette-contrast';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Beside the colour inputs: the pairs of the chosen palette that fall short of WCAG AA (decision 0021),
 * while the person is still choosing. Nothing is blocked: the platform shows a darker or lighter text
 * colour where the chosen one would be unreadable, and this says so.
 */
export function ContrastWarning({ palette }: { palette: Palette }) {
  // Half-typed colours are the form's validation's business, not a contrast problem.
  if (!Object.values(palette).every((colour) => HEX.test(colour))) return null;
  const issues = paletteContrastIssues(palette);
  if (issues.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Some of these colours are hard to read"
      data-testid="branding-contrast-warning"
    >
      <List size="sm" spacing={2}>
        {issues.map((issue) => (
          <List.Item key={issue.pair}>
            {`${issue.pair}: ${formatRatio(issue.ratio)} (at least ${formatRatio(issue.minimum)} is needed)`}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        WCAG AA asks for 4.5:1 between text and its background. Where a colour falls short, the platform shows
        text darker or lighter than chosen so that everyone can read it.
      </Text>
    </Alert>
  );
}
