// Shapes of the survey calls (docs/api.md "Surveys"; spec portal-business §3 Survey and
// Question, §7 Surveys and 360).

/** Dynamic-form question types (spec §3). */
export const QUESTION_TYPES = [0, 1, 2, 5, 6, 8, 11] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export type SurveyKind = 'enps' | 'clima' | 'enquete' | '360';

/** A question of a pending survey, with the saved answer in the slot of its type. */
export interface SurveyQuestion {
  ukey: string;
  oa8_ukey: string;
  oa10_ukey: string;
  oa9_001_c: string;
  oa9_003_m: string;
  oa9_004_n: number;
  oa9_005_c: string;
  oa9_007_m: string;
  oa9_020_c: string;
  oa9_021_c: string;
  oa9_022_n: number;
  oa9_100_c: string | null;
  oa9_101_n: number | null;
  oa9_102_b: boolean | null;
  oa9_103_n: number | null;
  oa9_104_t: string | null;
  oa9_105_m: string | null;
}

/** A survey still to answer (GET lista-pendentes-login). */
export interface PendingSurvey {
  id: string;
  oa8_ukey: string;
  tipo: SurveyKind;
  descricao: string;
  detalhes: string;
  avaliado: string;
  inicio: string;
  fim: string;
  activeStep: number;
  perguntas: SurveyQuestion[];
}

/**
 * A 360 evaluation the user is asked to answer (GET avaliacoes-360): status 0 pending, 2
 * finished (answered by the user, or closed or past its end without their answers).
 */
export interface Evaluation360 extends PendingSurvey {
  status: 0 | 2;
  respondida: boolean;
  encerrada: boolean;
}

/** The answer body of PUT avaliacao360/resposta. */
export interface AnswerBody {
  oa9_100_c?: string | null;
  oa9_101_n?: number | string | null;
  oa9_102_b?: boolean | null;
  oa9_103_n?: number | string | null;
  oa9_104_t?: string | null;
  oa9_105_m?: string | null;
  step: number;
  oa9_004_n: number;
  oa10_ukey: string;
  oa8_ukey: string;
  ukey: string;
}

/** A row of a survey list (GET enps|clima|enquete, pesquisas, resultados-360). */
export interface SurveyListItem {
  id: string;
  tipo: SurveyKind;
  descricao: string;
  detalhes: string;
  inicio: string;
  fim: string;
  status: 0 | 2;
  encerrada: boolean;
  respondida: boolean;
  respondentes: number;
  perguntas: number;
  avaliado: string;
}

export type SurveyFilter = 'all' | '0' | '2';
export type SurveyOrder = 'fim' | 'inicio' | 'descricao';

export interface SurveyListQuery {
  filterHandle: SurveyFilter;
  searchText: string;
  orderBy: SurveyOrder;
  orderDescending: boolean;
}

export interface OptionCount {
  valor: string;
  n: number;
}

export interface QuestionResult {
  ukey: string;
  titulo: string;
  tipo: number;
  dimensao: string;
  respostas: number;
  exibido: boolean;
  media?: number;
  contagens?: OptionCount[];
}

export interface SurveyResults {
  oa8Ukey: string;
  tipo: SurveyKind;
  descricao: string;
  avaliado?: string;
  respondentes: number;
  exibido: boolean;
  minimoRespondentes: number;
  enps?: {
    score: number;
    promotores: number;
    neutros: number;
    detratores: number;
    distribuicao: number[];
  };
  perguntas?: QuestionResult[];
  dimensoes?: { dimensao: string; respostas: number; media?: number }[];
  relacoes?: { relacao: string; respondentes: number; exibido: boolean; perguntas?: QuestionResult[] }[];
}

/** A question as HR writes it in the creation form. */
export interface QuestionDraft {
  oa9_001_c: string;
  oa9_003_m: string;
  oa9_004_n: QuestionType;
  oa9_007_m: string;
  oa9_020_c: string;
  oa9_021_c: string;
  oa9_022_n: 0 | 1;
}

/** The body of POST avaliacao360/pesquisas. */
export interface SurveyDraft {
  tipo: SurveyKind;
  descricao: string;
  detalhes: string;
  inicio: string;
  fim: string;
  publico: {
    todos: boolean;
    unidades?: string[];
    departamentos?: string[];
    avaliado?: string;
    avaliadores?: { userHash: string; relacao: string }[];
  };
  perguntas: QuestionDraft[];
}

