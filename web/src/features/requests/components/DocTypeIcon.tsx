import { Tooltip } from '@mantine/core';
import { IconFile, IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconFileWord, IconPhoto } from '@tabler/icons-react';
import type { AttachmentKind } from '../api/types';
import { docKind, type DocKind } from '../utils/doc-type';
import { useRequestsT } from '../utils/i18n';

const ICONS: Record<DocKind, typeof IconFile> = {
  pdf: IconFileTypePdf,
  doc: IconFileWord,
  xls: IconFileSpreadsheet,
  txt: IconFileText,
  jpg: IconPhoto,
  other: IconFile,
};

const COLORS: Record<DocKind, string> = {
  pdf: 'var(--mantine-color-red-7)',
  doc: 'var(--mantine-color-blue-7)',
  xls: 'var(--mantine-color-green-7)',
  txt: 'var(--mantine-color-gray-7)',
  jpg: 'var(--mantine-color-violet-7)',
  other: 'var(--mantine-color-gray-6)',
};

/** The icon of a document by its type (spec portal-business §2: PDF, DOC, XLS, TXT, JPG). */
export function DocTypeIcon({ name, kind, size = 18 }: { name: string; kind?: AttachmentKind; size?: number }) {
  const tx = useRequestsT();
  const k = docKind(kind ? `x.${kind}` : name);
  const Icon = ICONS[k];
  return (
    <Tooltip label={`${tx(`doc.${k}`)} · ${name}`} withinPortal>
      <Icon size={size} color={COLORS[k]} data-testid="doc-icon" data-doc-kind={k} aria-label={tx(`doc.${k}`)} role="img" />
    </Tooltip>
  );
}
