// The pdf.js part of the viewer (react-pdf), loaded on demand by FileViewer (React.lazy) so
// pdf.js stays out of the main bundle. The worker is bundled by Vite from node_modules (no CDN).
import { useCallback } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import type { DocumentCallback } from 'react-pdf/dist/shared/types.js';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import { highlightItem } from './search';
import type { SearchMatch } from './types';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

export interface PdfViewProps {
  file: Blob;
  page: number;
  /** The zoom; ignored when width is set (fit to width). */
  scale: number;
  width?: number;
  query: string;
  current: SearchMatch | null;
  /** The page count and every page's text items (for the search). */
  onLoaded: (pages: number, text: string[][]) => void;
  onError: () => void;
  loading: React.ReactNode;
}

export default function PdfView({ file, page, scale, width, query, current, onLoaded, onError, loading }: PdfViewProps) {
  const loaded = useCallback(
    async (pdf: DocumentCallback) => {
      const text: string[][] = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        const content = await (await pdf.getPage(n)).getTextContent();
        text.push(content.items.map((i) => ('str' in i ? i.str : '')));
      }
      onLoaded(pdf.numPages, text);
    },
    [onLoaded],
  );
  const renderText = useCallback(
    ({ str, itemIndex, pageNumber }: { str: string; itemIndex: number; pageNumber: number }) => highlightItem(str, query, current, pageNumber, itemIndex),
    [query, current],
  );
  return (
    <Document file={file} onLoadSuccess={(pdf) => void loaded(pdf)} onLoadError={onError} loading={loading} error={null}>
      <Page
        pageNumber={page}
        scale={width ? undefined : scale}
        width={width}
        customTextRenderer={renderText}
        renderAnnotationLayer={false}
        loading={loading}
      />
    </Document>
  );
}
