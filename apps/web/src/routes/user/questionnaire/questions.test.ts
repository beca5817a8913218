import { describe, expect, it } from 'vitest';
import {
  ANSWER_REQUIRED,
  answerLabel,
  answersPayload,
  emptyAnswers,
  QUESTIONS,
  validateAnswers,
} from './questions';

describe('questionnaire', () => {
  it('asks business type, monthly lead goal and main industry', () => {
    expect(QUESTIONS.map((q) => q.id)).toEqual(['business_type', 'monthly_lead_goal', 'main_industry']);
    for (const question of QUESTIONS) {
      expect(new Set(question.options.map((o) => o.value)).size).toBe(question.options.length);
    }
  });

  it('requires one known option per question', () => {
    expect(validateAnswers(emptyAnswers())).toEqual({
      business_type: ANSWER_REQUIRED,
      monthly_lead_goal: ANSWER_REQUIRED,
      main_industry: ANSWER_REQUIRED,
    });
    const answers = {
      business_type: 'marketing_agency',
      monthly_lead_goal: 'nonsense',
      main_industry: 'legal',
    };
    expect(validateAnswers(answers)).toEqual({ monthly_lead_goal: ANSWER_REQUIRED });
  });

  it('sends only known questions with valid options', () => {
    const answers = {
      business_type: 'consultant',
      monthly_lead_goal: '500_2000',
      main_industry: 'bogus',
      injected: 'x',
    };
    expect(answersPayload(answers)).toEqual({ business_type: 'consultant', monthly_lead_goal: '500_2000' });
  });

  it('labels an answer for the summary', () => {
    expect(answerLabel('main_industry', 'real_estate')).toBe('Real estate');
    expect(answerLabel('main_industry', 'nope')).toBe('');
  });
});
