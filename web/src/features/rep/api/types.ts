/** A punch receipt (GET /api/rep/receipts; docs/api.md "Legal punch records"). */
export interface Receipt {
  markId: string;
  nsr: number;
  markedAt: string;
  hash: string;
  employerName: string;
  cnpj: string;
  place: string;
  employeeName: string;
  cpf: string;
}

/** The tenant's establishment (GET /api/rep/establishment). */
export interface Establishment {
  cnpj: string;
  name: string;
  place: string;
  /** CNO (12 digits) or CAEPF (14), '' when there is none. */
  cno: string;
  lastNsr: number;
}

/** The signing certificate (GET /api/rep/certificate); never its password. */
export interface Certificate {
  present: boolean;
  subject?: string;
  notAfter?: string;
  fingerprint?: string;
  uploadedAt?: string;
}

export type ExportKind = 'afd' | 'aej';
