// Shapes of the request calls (spec portal-business §3, §4, §7; docs/api.md "Requests,
// approvals and deliveries"). Field names are the server's.

/** The three request screens (spec §2): the user's requests, the approver's queue, deliveries. */
export type RequestSource = 'request' | 'approver' | 'delivery';

export type RequestStatus = 'draft' | 'waiting' | 'approved' | 'rejected' | 'removed';

/** Approval status (spec §3): waiting for manager, HR or phase change, approved, approved by HR, rejected. */
export type ApprovalStatus =
  | 'draft'
  | 'waiting_manager'
  | 'waiting_hr'
  | 'waiting_phase'
  | 'approved'
  | 'approved_hr'
  | 'rejected'
  | 'removed';

/** Delivery status (spec §3); null for a type without delivery or not approved yet. */
export type DeliveryStatus = 'pending' | 'delivered' | 'partially_delivered' | 'not_delivered' | 'confirmed' | 'cancelled';

export type StepKind = 'manager' | 'hr' | 'phase';

/** A person: `null` where nobody. */
export interface Person {
  userHash: string;
  m01Ukey: string;
  nome: string;
}

/** A request tool type the caller may file (spec §2: purchased pwa-req-tools- entries). */
export interface RequestType {
  origem: number;
  tipo: string;
  /** i18n key request_type_<tipo>. */
  descricao: string;
  /** Has a delivery (a delivery date). */
  entrega: boolean;
  /** Takes the absence fields (abono). */
  ausencia: boolean;
}

/** The absence fields of an abono request (spec §3). Dates YYYY-MM-DD. */
export interface AbsenceFields {
  tipoAusenciaDesc: string;
  tipoAbono: string;
  nomeMedico: string;
  tpRegistro: string;
  registro: string;
  cidDesc: string;
  ufRegistroDesc: string;
  inicioAbono: string;
  fimAbono: string;
}

export type AttachmentKind = 'pdf' | 'doc' | 'xls' | 'txt' | 'jpg' | 'png';

/** Attachment (spec §3: id, file name, url, blob). */
export interface RequestAttachment {
  id: string;
  nome: string;
  tipo: AttachmentKind;
  tamanho: number;
  sha256: string;
  url: string;
}

export interface CurrentStep {
  index: number;
  kind: StepKind;
  label: string;
  approver: Person | null;
  lockedTo: Person | null;
  lockedToAbsent: boolean;
}

/** A catalogue item on a request. */
export interface RequestItem {
  itemId: string;
  codigo: string;
  descricao: string;
  unidade: string;
  quantidade: number;
}

/** One entry of a request lookup (CRD1Search, departamentos, ...): `{id, code?, description}`. */
export interface LookupEntry {
  id: string;
  code?: string;
  description: string;
}

/** One instalment of a purchase (GET pedidocompra/parcelas): amount as a decimal text, "1234.50". */
export interface Instalment {
  numero: number;
  vencimento: string;
  valor: string;
}

/** A centre's part of a request's cost (GET crd): a cost (CRD1) or result (CRD2) centre and its percentage. */
export interface Share {
  tipo: 'custo' | 'resultado';
  centro: LookupEntry;
  percentual: number;
}

/** One of the subject's other open requests (GET request/others). */
export interface OtherRequest {
  ac4Ukey: string;
  origem: number;
  tipo: string;
  titulo: string;
  status: RequestStatus;
  approvalStatus: ApprovalStatus;
  dataReferencia: string;
  rank: number;
}

/** A request (every list and by-id answer). */
export interface Request {
  ac4Ukey: string;
  id: string;
  rank: number;
  origem: number;
  tipo: string;
  titulo: string;
  motivo: string;
  comentario: string;
  prioridade: 1 | 2 | 3;
  dataReferencia: string;
  dataEntrega: string | null;
  dataInicio: string | null;
  dataFim: string | null;
  itens: RequestItem[];
  ausencia: AbsenceFields | null;
  labels: string[];
  /** Optional department and cost centre (docs/api.md "Request lookups"). */
  departamento?: LookupEntry | null;
  centroCusto?: LookupEntry | null;
  /** The other optional lookups, the purchase's instalments and the cost split (docs/api.md "Request lookups"). */
  centroResultado?: LookupEntry | null;
  unidadeNegocio?: LookupEntry | null;
  cargo?: LookupEntry | null;
  funcao?: LookupEntry | null;
  unidadeMedida?: LookupEntry | null;
  parcelas?: Instalment[];
  rateio?: Share[];
  subject: Person | null;
  createdBy: Person | null;
  status: RequestStatus;
  approvalStatus: ApprovalStatus;
  currentStep: CurrentStep | null;
  locked: boolean;
  deliveryStatus: DeliveryStatus | null;
  anexos: RequestAttachment[];
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  version: number;
}

/**
 * What the caller may do on a request now (by-id `acoes`): the commands' own rules run as a
 * dry run by the server, so the buttons and the commands agree.
 */
export interface RequestPermissions {
  editar: boolean;
  remover: boolean;
  enviar: boolean;
  aprovar: boolean;
  reprovar: boolean;
  desfazer: boolean;
  bloquear: boolean;
  desbloquear: boolean;
  /** The delivery statuses the caller may set now. */
  entregar: DeliveryStatus[];
  confirmarRecebimento: boolean;
}

/** A request as GET by-id answers it: with what the caller may do. */
export interface RequestWithActions extends Request {
  acoes?: RequestPermissions;
}

/** A paged list (spec §3: paged by page and pageSize). */
export interface RequestPage {
  data: Request[];
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
}

/** The menu badges (GET request/count). */
export interface RequestCounts {
  waiting: number;
  approver: number;
  delivery: number;
}

/** One step of a request's approval chain (GET requestApprover). */
export interface ApproverStep {
  index: number;
  kind: StepKind;
  label: string;
  state: 'pending' | 'waiting' | 'approved' | 'rejected';
  approver: Person | null;
  lockedTo: Person | null;
  lockedToAbsent: boolean;
  decidedBy: Person | null;
  onBehalfOf: Person | null;
  decidedAt: string | null;
  comentario: string;
}

/** One event of a request's timeline: what, who, on whose behalf, when. */
export interface TimelineEntry {
  version: number;
  type: string;
  /** i18n key, e.g. request_step_approved. */
  what: string;
  actor: Person | null;
  onBehalfOf: Person | null;
  at: string;
  data: { step?: number; kind?: StepKind; comentario?: string; status?: string; anexo?: string };
}

/** One delivery event (requestDelivery/history). */
export interface DeliveryEntry {
  status: DeliveryStatus;
  comentario: string;
  by: Person | null;
  at: string;
}

/** Delivery history grouped by status (requestDelivery/grouped-history). */
export interface DeliveryGroup {
  status: DeliveryStatus;
  count: number;
  lastAt: string;
  entries: DeliveryEntry[];
}

/** A member of the caller's team (GET request/my-team). */
export interface TeamMember {
  m01Ukey: string;
  userHash: string;
  nome: string;
  cargo: string;
}

/** What the new-request dialog edits. Dates are YYYY-MM-DD; files are uploaded after the draft exists. */
export interface RequestDraft extends AbsenceFields {
  tipo: string;
  titulo: string;
  motivo: string;
  comentario: string;
  prioridade: '1' | '2' | '3';
  dataReferencia: string;
  dataEntrega: string;
  dataInicio: string;
  dataFim: string;
  labels: string[];
  /** Catalogue items (types with a delivery). */
  itens: RequestItem[];
  anexos: File[];
  departamento: LookupEntry | null;
  centroCusto: LookupEntry | null;
  centroResultado: LookupEntry | null;
  unidadeNegocio: LookupEntry | null;
  cargo: LookupEntry | null;
  funcao: LookupEntry | null;
  unidadeMedida: LookupEntry | null;
  /** Instalments being typed: due date (YYYY-MM-DD) and amount (text, "1234.50"). */
  parcelas: { vencimento: string; valor: string }[];
  /** The cost split being typed: the centre chosen and its percentage (text). */
  rateio: { tipo: 'custo' | 'resultado'; centro: LookupEntry | null; percentual: string }[];
}

/** The command answer `{success, data: Request}`. */
export interface CommandResult {
  success: boolean;
  data: Request;
}
