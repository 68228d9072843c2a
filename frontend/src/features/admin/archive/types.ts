/** A school's delivery of results to its own archive through eFormidling (`GET /api/tenant/eformidling`). */
export interface ArchiveSettings {
  enabled: boolean;
  url: string;
  senderOrgNumber: string;
  receiverOrgNumber: string;
  process: string;
  administrativeUnit: string;
  caseSystemId: string;
  classificationSystem: string;
  classId: string;
}

/** Where a result's message to the archive stands. */
export type DeliveryStatus = 'pending' | 'sent' | 'delivered' | 'failed';

/** One form's message to the archive. */
export interface Delivery {
  signingFormId: number;
  round: number;
  messageId: string;
  conversationId: string;
  status: DeliveryStatus;
  /** The integrasjonspunkt's last status (OPPRETTET, SENDT, MOTTATT, LEVERT, FEIL …). */
  lastStatus: string | null;
  reason: string | null;
  attempts: number;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  updatedAt: string;
}

/** An archived result and its delivery (null when none has started). */
export interface ArchivedResult {
  signingFormId: number;
  classId: number;
  studentUserId: number;
  studentName: string;
  subjectCode: string;
  subjectName: string;
  periodName: string;
  archivedAt: string;
  delivery: Delivery | null;
}

/** `GET /api/archive-deliveries` and `GET /api/users/{id}/archive-deliveries`. */
export interface ArchiveOverview {
  enabled: boolean;
  results: ArchivedResult[];
}
