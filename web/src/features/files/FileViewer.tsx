import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Alert, Box, Button, Center, Group, Image, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowsHorizontal,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconChevronUp,
  IconDownload,
  IconFile,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
  IconPrinter,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { translateServerMessage } from '@/lib/server-message';
import { findMatches } from './search';
import { viewKind, type ViewerFile } from './types';
import { useFileBlob } from './useFileBlob';

const PdfView = lazy(() => import('./PdfView'));

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.25;

export interface FileViewerProps {
  files: readonly ViewerFile[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  opened: boolean;
  /** The text of a server refusal key of this area (e.g. documento_retirado), when it has its own. */
  describeError?: (key: string) => string | undefined;
  /** Shown under the toolbar (e.g. the password hint of a protected download). */
  hint?: ReactNode;
}

/**
 * The file previewer of spec portal-core §2: an image directly; a PDF with page navigation,
 * zoom, search, print and download; other types a generic card with download; previous/next
 * file when a list is given. The Mantine Modal traps focus, closes on Esc and returns the focus.
 */
export function FileViewer({ files, index, onIndexChange, onClose, opened, describeError, hint }: FileViewerProps) {
  const { t } = useTranslation('files');
  const file = opened ? (files[index] ?? null) : null;
  // A phone gets the whole screen: a document needs every pixel there.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened && file !== null}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      // The title is one truncated line beside the close button, whatever the file name.
      styles={{ title: { minWidth: 0, flex: 1 } }}
      title={
        <Text fw={700} truncate data-testid="file-viewer-title">
          {file?.name}
          {files.length > 1 ? ` (${t('fileOf', { n: index + 1, total: files.length })})` : ''}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="file-viewer"
    >
      {/* A new file starts on page 1 at 100 %, with no search: the body is keyed by the file. */}
      {file && (
        <ViewerBody
          key={`${index}:${file.url}`}
          file={file}
          index={index}
          count={files.length}
          onIndexChange={onIndexChange}
          describeError={describeError}
          hint={hint}
        />
      )}
    </Modal>
  );
}

function ViewerBody({
  file,
  index,
  count,
  onIndexChange,
  describeError,
  hint,
}: {
  file: ViewerFile;
  index: number;
  count: number;
  onIndexChange: (index: number) => void;
  describeError?: (key: string) => string | undefined;
  hint?: ReactNode;
}) {
  const { t } = useTranslation('files');
  const kind = viewKind(file.contentType, file.name);
  const { blob, objectUrl, isPending, error } = useFileBlob(file.url);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1);
  const [fit, setFit] = useState(false);
  const [text, setText] = useState<string[][]>([]);
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const { ref: frameRef, width: frameWidth } = useElementSize();
  const printFrame = useRef<HTMLIFrameElement | null>(null);

  const matches = useMemo(() => findMatches(text, query), [text, query]);
  const current = matches.length ? matches[Math.min(matchIndex, matches.length - 1)] : null;
  useEffect(() => () => printFrame.current?.remove(), []);

  const onLoaded = useCallback((n: number, pageText: string[][]) => {
    setPages(n);
    setText(pageText);
  }, []);
  const onPdfError = useCallback(() => setFailed(t('cannotOpen')), [t]);

  const goPage = (n: number) => setPage(Math.min(Math.max(n, 1), Math.max(pages, 1)));
  const zoom = (delta: number) => {
    setFit(false);
    setScale((s) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round((s + delta) * 100) / 100)));
  };
  const goMatch = (step: number) => {
    if (!matches.length) return;
    const next = (matchIndex + step + matches.length) % matches.length;
    setMatchIndex(next);
    setPage(matches[next].page);
  };
  const search = (q: string) => {
    setQuery(q);
    setMatchIndex(0);
    const first = findMatches(text, q)[0];
    if (first) setPage(first.page);
  };

  const download = async () => {
    try {
      const name = file.downloadName ?? file.name;
      saveBlob(file.downloadUrl ? await api.blob(file.downloadUrl) : blob!, name);
    } catch (e) {
      setFailed(errorText(e));
    }
  };
  // Printing: a hidden iframe with the file's object URL (the browser prints its PDF view or the image).
  const print = () => {
    if (!objectUrl) return;
    printFrame.current?.remove();
    const frame = document.createElement('iframe');
    frame.style.position = 'fixed';
    frame.style.width = '0';
    frame.style.height = '0';
    frame.style.border = '0';
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('data-testid', 'file-viewer-print-frame');
    frame.src = objectUrl;
    frame.onload = () => frame.contentWindow?.print();
    document.body.appendChild(frame);
    printFrame.current = frame;
  };

  const errorText = (e: unknown): string => {
    const key = e instanceof Error ? e.message : '';
    return describeError?.(key) ?? translateServerMessage(key, t('cannotOpen'));
  };

  // PageUp/PageDown (and the arrows outside text fields) turn pages; Esc is the Modal's.
  const onKeyDown = (e: KeyboardEvent) => {
    if (kind !== 'pdf') return;
    const inField = e.target instanceof HTMLInputElement;
    if (e.key === 'PageDown' || (!inField && e.key === 'ArrowRight')) {
      e.preventDefault();
      goPage(page + 1);
    } else if (e.key === 'PageUp' || (!inField && e.key === 'ArrowLeft')) {
      e.preventDefault();
      goPage(page - 1);
    }
  };

  const loader = (
    <Center p="xl">
      <Loader size="sm" aria-label={t('loading')} />
    </Center>
  );
  const ready = Boolean(blob) && !failed;

  return (
    <Stack gap="xs" onKeyDown={onKeyDown} data-testid="file-viewer-body" data-kind={kind}>
      <Group gap={4} wrap="wrap" role="toolbar" aria-label={t('toolbar')}>
        {count > 1 && (
          <>
            <Icon label={t('previousFile')} disabled={index === 0} onClick={() => onIndexChange(index - 1)} testId="file-viewer-prev-file">
              <IconPlayerTrackPrev size={18} />
            </Icon>
            <Icon label={t('nextFile')} disabled={index >= count - 1} onClick={() => onIndexChange(index + 1)} testId="file-viewer-next-file">
              <IconPlayerTrackNext size={18} />
            </Icon>
          </>
        )}
        {kind === 'pdf' && (
          <>
            <Icon label={t('previousPage')} disabled={page <= 1} onClick={() => goPage(page - 1)} testId="file-viewer-prev-page">
              <IconChevronLeft size={18} />
            </Icon>
            <Text size="sm" aria-live="polite" data-testid="file-viewer-page">
              {pages ? t('pageOf', { page, pages }) : '…'}
            </Text>
            <Icon label={t('nextPage')} disabled={page >= pages} onClick={() => goPage(page + 1)} testId="file-viewer-next-page">
              <IconChevronRight size={18} />
            </Icon>
            <Icon label={t('zoomOut')} disabled={!fit && scale <= ZOOM_MIN} onClick={() => zoom(-ZOOM_STEP)} testId="file-viewer-zoom-out">
              <IconZoomOut size={18} />
            </Icon>
            <Text size="sm" w={48} ta="center" data-testid="file-viewer-zoom">
              {fit ? t('fit') : `${Math.round(scale * 100)}%`}
            </Text>
            <Icon label={t('zoomIn')} disabled={!fit && scale >= ZOOM_MAX} onClick={() => zoom(ZOOM_STEP)} testId="file-viewer-zoom-in">
              <IconZoomIn size={18} />
            </Icon>
            <Icon label={t('fitWidth')} pressed={fit} onClick={() => setFit((f) => !f)} testId="file-viewer-fit">
              <IconArrowsHorizontal size={18} />
            </Icon>
            <TextInput
              size="xs"
              w={150}
              placeholder={t('search')}
              aria-label={t('search')}
              value={query}
              onChange={(e) => search(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  goMatch(e.shiftKey ? -1 : 1);
                }
              }}
              data-testid="file-viewer-search"
            />
            <Icon label={t('previousMatch')} disabled={!matches.length} onClick={() => goMatch(-1)} testId="file-viewer-prev-match">
              <IconChevronUp size={18} />
            </Icon>
            <Icon label={t('nextMatch')} disabled={!matches.length} onClick={() => goMatch(1)} testId="file-viewer-next-match">
              <IconChevronDown size={18} />
            </Icon>
            {query.trim() && (
              <Text size="xs" c="dimmed" aria-live="polite" data-testid="file-viewer-matches">
                {matches.length ? t('matchOf', { n: Math.min(matchIndex, matches.length - 1) + 1, total: matches.length }) : t('noMatches')}
              </Text>
            )}
          </>
        )}
        <Box style={{ flex: 1 }} />
        {kind !== 'other' && (
          <Icon label={t('print')} disabled={!objectUrl || Boolean(failed)} onClick={print} testId="file-viewer-print">
            <IconPrinter size={18} />
          </Icon>
        )}
        <Icon label={t('download')} disabled={!file.downloadUrl && !blob} onClick={() => void download()} testId="file-viewer-download">
          <IconDownload size={18} />
        </Icon>
      </Group>
      {hint}
      {error && (
        <Alert color="red" data-testid="file-viewer-error">
          {errorText(error)}
        </Alert>
      )}
      {failed && (
        <Alert color="red" data-testid="file-viewer-error">
          {failed}
        </Alert>
      )}
      <Box
        ref={frameRef}
        mah="70vh"
        style={{ overflow: 'auto', background: 'var(--mantine-color-gray-1)' }}
        // The pages scroll: the region takes the focus so the keyboard can scroll it (WCAG 2.1.1).
        tabIndex={0}
        role="region"
        aria-label={file?.name}
        data-testid="file-viewer-content"
      >
        {isPending && loader}
        {ready && kind === 'pdf' && (
          <Center p={4} style={{ minWidth: 'fit-content' }}>
            <Suspense fallback={loader}>
              <PdfView
                file={blob!}
                page={page}
                scale={scale}
                width={fit && frameWidth > 0 ? frameWidth - 8 : undefined}
                query={query}
                current={current}
                onLoaded={onLoaded}
                onError={onPdfError}
                loading={loader}
              />
            </Suspense>
          </Center>
        )}
        {ready && kind === 'image' && objectUrl && (
          <Center p={4}>
            <Image src={objectUrl} alt={file.name} fit="contain" mah="68vh" w="auto" data-testid="file-viewer-image" />
          </Center>
        )}
        {ready && kind === 'other' && (
          <Stack align="center" p="xl" gap="xs" data-testid="file-viewer-generic">
            <IconFile size={48} aria-hidden />
            <Text size="sm">{t('noPreview')}</Text>
            <Button leftSection={<IconDownload size={16} />} onClick={() => void download()}>
              {t('download')}
            </Button>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/** A toolbar button: named by its translated label (aria-label and tooltip). */
function Icon({
  label,
  onClick,
  disabled,
  pressed,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant={pressed ? 'filled' : 'subtle'}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
