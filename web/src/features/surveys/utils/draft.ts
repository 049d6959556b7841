import type { QuestionDraft, SurveyKind } from '../api/types';

/** A question HR starts from: free text, optional. */
export function blankQuestion(): QuestionDraft {
  return { oa9_001_c: '', oa9_003_m: '', oa9_004_n: 0, oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 0 };
}

/** The first question of an eNPS survey is the rating: an integer from 0 to 10, required (spec §9). */
export function ratingQuestion(title: string): QuestionDraft {
  return { ...blankQuestion(), oa9_003_m: title, oa9_004_n: 1, oa9_020_c: '0', oa9_021_c: '10', oa9_022_n: 1 };
}

/** The questions a new survey of a kind starts with. */
export function initialQuestions(kind: SurveyKind, ratingTitle: string): QuestionDraft[] {
  return kind === 'enps' ? [ratingQuestion(ratingTitle)] : [blankQuestion()];
}

/** Bounds only mean something for integer and decimal questions; options only for type 8. */
export function cleanQuestion(q: QuestionDraft): QuestionDraft {
  const numeric = q.oa9_004_n === 1 || q.oa9_004_n === 5;
  return {
    ...q,
    oa9_020_c: numeric ? q.oa9_020_c.trim() : '',
    oa9_021_c: numeric ? q.oa9_021_c.trim() : '',
    oa9_007_m: q.oa9_004_n === 8 ? q.oa9_007_m : '',
  };
}
