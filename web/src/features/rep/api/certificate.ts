import { api } from '@/lib/api';
import type { Certificate } from './types';

/** The signing certificate in use. */
export function getCertificate(): Promise<Certificate> {
  return api.get<Certificate>('/api/rep/certificate');
}

/** Uploads an A1 certificate (PKCS#12) with its password. */
export function uploadCertificate(file: File, password: string): Promise<Certificate> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('password', password);
  return api.post<Certificate>('/api/rep/certificate', form);
}
