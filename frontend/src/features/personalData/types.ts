import type * as api from '@/api/types';

/** A copy of everything the school holds about a person (`GET /api/users/me/data-copies`). */
export type DataCopy = api.DataCopy;

/** The file formats of a copy. */
export type CopyFormat = 'json' | 'pdf';

/** What erasing a person removed and kept (`POST /api/users/{id}/erasure`). */
export type ErasureReport = api.ErasureReport;

/** The school's retention policy (`GET /api/tenant/retention`). */
export type RetentionPolicy = api.RetentionPolicy;

/** One kind of personal data in the record of processing. */
export type ProcessingCategory = api.ProcessingCategory;

/** The school's record of processing (`GET /api/tenant/record-of-processing`). */
export type ProcessingRecord = api.ProcessingRecord;
