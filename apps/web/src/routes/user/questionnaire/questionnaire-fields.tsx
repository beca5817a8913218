import { Radio, SimpleGrid, Stack } from '@mantine/core';
import { type AnswerErrors, type Answers, QUESTIONS } from './questions';

interface QuestionnaireFieldsProps {
  answers: Answers;
  errors: AnswerErrors;
  onChange: (questionId: string, value: string) => void;
  disabled?: boolean;
}

/** The questionnaire's questions as radio groups (one answer each). */
export function QuestionnaireFields({ answers, errors, onChange, disabled }: QuestionnaireFieldsProps) {
  return (
    <Stack gap="lg">
      {QUESTIONS.map((question) => (
        <Radio.Group
          key={question.id}
          name={question.id}
          label={question.label}
          description={question.description}
          required
          value={answers[question.id] ?? ''}
          error={errors[question.id]}
          onChange={(value) => onChange(question.id, value)}
          data-testid={`question-${question.id}`}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {question.options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      ))}
    </Stack>
  );
}
