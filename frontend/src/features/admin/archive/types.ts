import type * as api from '@/api/types';

/** A school's delivery of results to its own archive through eFormidling (`GET /api/tenant/eformidling`). */
export type ArchiveSettings = api.ArchiveSettings;

/** Where a result's message to the archive stands. */
export type DeliveryStatus = 'pending' | 'sent' | 'delivered' | 'failed';

/** One form's message to the archive. */
export type Delivery = api.Delivery;

/** An archived result and its delivery (null when none has started). */
export type ArchivedResult = api.ArchivedResult;

/** `GET /api/archive-deliveries` and `GET /api/users/{id}/archive-deliveries`. */
export type ArchiveOverview = api.ArchiveOverview;
