/*
 * The onboarding questionnaire (asked at the end of Profile Setup for everyone but clients, and on
 * /user/questionnaire and /user/questionnaire-add). Answers travel as `answers` of
 * `PUT /leadspeek/user/setupcomplete`, keyed by question id, each value one option's value.
 */

export interface QuestionOption {
  value: string;
  label: string;
}

export interface Question {
  id: string;
  label: string;
  description?: string;
  options: readonly QuestionOption[];
}

export const QUESTIONS: readonly Question[] = [
  {
    id: 'business_type',
    label: 'What best describes your business?',
    options: [
      { value: 'marketing_agency', label: 'Marketing or advertising agency' },
      { value: 'lead_generation_agency', label: 'Lead-generation agency' },
      { value: 'consultant', label: 'Consultant or freelancer' },
      { value: 'in_house', label: 'In-house marketing team' },
      { value: 'reseller', label: 'Software or data reseller' },
      { value: 'other', label: 'Other' },
    ],
  },
  {
    id: 'monthly_lead_goal',
    label: 'How many leads a month do you want to deliver?',
    description: 'Across all of your clients and campaigns.',
    options: [
      { value: 'under_500', label: 'Fewer than 500' },
      { value: '500_2000', label: '500 to 2,000' },
      { value: '2000_10000', label: '2,000 to 10,000' },
      { value: 'over_10000', label: 'More than 10,000' },
    ],
  },
  {
    id: 'main_industry',
    label: 'Which industry do most of your clients work in?',
    options: [
      { value: 'home_services', label: 'Home services' },
      { value: 'healthcare', label: 'Healthcare and dental' },
      { value: 'real_estate', label: 'Real estate' },
      { value: 'automotive', label: 'Automotive' },
      { value: 'legal', label: 'Legal' },
      { value: 'finance_insurance', label: 'Finance and insurance' },
      { value: 'retail_ecommerce', label: 'Retail and e-commerce' },
      { value: 'fitness_wellness', label: 'Fitness and wellness' },
      { value: 'education', label: 'Education' },
      { value: 'other', label: 'Other or mixed' },
    ],
  },
];

export type Answers = Record<string, string>;
export type AnswerErrors = Record<string, string>;

export const ANSWER_REQUIRED = 'Please choose an answer.';

export const emptyAnswers = (): Answers => Object.fromEntries(QUESTIONS.map((q) => [q.id, '']));

/** Every question needs one of its own options. */
export function validateAnswers(answers: Answers): AnswerErrors {
  const errors: AnswerErrors = {};
  for (const question of QUESTIONS) {
    const value = answers[question.id] ?? '';
    if (!question.options.some((option) => option.value === value)) errors[question.id] = ANSWER_REQUIRED;
  }
  return errors;
}

/** The `answers` object sent: only known questions, only valid options. */
export function answersPayload(answers: Answers): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const question of QUESTIONS) {
    const value = answers[question.id];
    if (value && question.options.some((option) => option.value === value)) payload[question.id] = value;
  }
  return payload;
}

/** The label of the chosen option, for summaries. */
export function answerLabel(questionId: string, value: string): string {
  const question = QUESTIONS.find((q) => q.id === questionId);
  return question?.options.find((option) => option.value === value)?.label ?? '';
}
