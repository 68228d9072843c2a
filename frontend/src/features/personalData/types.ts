/** A copy of everything the school holds about a person (`GET /api/users/me/data-copies`). */
export interface DataCopy {
  id: string;
  userId: number;
  status: 'pending' | 'ready' | 'failed';
  createdAt: string;
  readyAt: string | null;
  expiresAt: string;
  requestedByUserId: number | null;
}

/** The file formats of a copy. */
export type CopyFormat = 'json' | 'pdf';

/** What erasing a person removed and kept (`POST /api/users/{id}/erasure`). */
export interface ErasureReport {
  userId: number;
  accountDeleted: boolean;
  removed: Record<string, number>;
  kept: Partial<Record<'lockedSigningForms' | 'archivedResults' | 'warningsWritten', number>>;
}

/** The school's retention policy (`GET /api/tenant/retention`). */
export interface RetentionPolicy {
  workingDataMonths: number;
  inactiveAccountMonths: number;
  sessionDays: number;
  oneTimeCodeDays: number;
  unsentMailDays: number;
  archivedResultYears: number;
}

/** One kind of personal data in the record of processing. */
export interface ProcessingCategory {
  id: string;
  title: string;
  data: string;
  purpose: string;
  access: string;
  retention: string;
}

/** The school's record of processing (`GET /api/tenant/record-of-processing`). */
export interface ProcessingRecord {
  school: string;
  orgNumber: string;
  language: string;
  generatedAt: string;
  intro: string;
  policy: RetentionPolicy;
  categories: ProcessingCategory[];
}
