// Documents carry an icon by type (spec portal-business §2 "Requests": PDF, DOC, XLS, TXT,
// JPG). PNG uploads are accepted too (issue 4) and share the image icon.

export type DocKind = 'pdf' | 'doc' | 'xls' | 'txt' | 'jpg' | 'other';

const BY_EXTENSION: Record<string, DocKind> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'doc',
  xls: 'xls',
  xlsx: 'xls',
  csv: 'xls',
  txt: 'txt',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'jpg',
};

const BY_MIME: Record<string, DocKind> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xls',
  'text/plain': 'txt',
  'image/jpeg': 'jpg',
  'image/png': 'jpg',
};

/** The icon kind of a document, by its file name's extension, else by its content type. */
export function docKind(fileName: string | undefined, contentType?: string): DocKind {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  const mime = contentType?.split(';')[0]?.trim().toLowerCase();
  return (mime && BY_MIME[mime]) || 'other';
}

/** What the file picker offers (issue 4: PDF, DOC, XLS, TXT, JPG, PNG). */
export const ACCEPTED_FILES = '.pdf,.doc,.docx,.xls,.xlsx,.txt,.jpg,.jpeg,.png';
