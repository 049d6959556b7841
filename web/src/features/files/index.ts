export { FileViewer, type FileViewerProps } from './FileViewer';
export { viewKind, type ViewerFile } from './types';
