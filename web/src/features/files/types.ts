/** One file the viewer shows: url is an API path read with the session's bearer token. */
export interface ViewerFile {
  name: string;
  url: string;
  contentType: string;
  /** Where the download comes from when it differs from url (e.g. the protected payslip PDF). */
  downloadUrl?: string;
  /** The saved file's name when it differs from name. */
  downloadName?: string;
}

/** One occurrence of the searched text: a page (1-based), a text item of it and the offset in it. */
export interface SearchMatch {
  page: number;
  item: number;
  start: number;
}

/** What the viewer does with a file, by its content type (spec portal-core §2: "image directly, PDF …, other types generic"). */
export function viewKind(contentType: string, name = ''): 'pdf' | 'image' | 'other' {
  const type = contentType.toLowerCase();
  if (type === 'application/pdf' || (!type && /\.pdf$/i.test(name))) return 'pdf';
  if (type.startsWith('image/') || (!type && /\.(png|jpe?g|gif|webp)$/i.test(name))) return 'image';
  return 'other';
}
