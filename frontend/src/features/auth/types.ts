/** A role as the server sends it. */
export interface Role {
  id: number;
  name: string;
}

/** A student's place in a class, with teacher and supervisor. */
export interface StudentReference {
  classId: number;
  userId: number;
  advisorUserId: number | null;
  teacherUserId: number | null;
  isPrimary?: boolean;
}

/** The signed-in user (`GET /api/users/me`). */
export interface CurrentUser {
  id: number;
  displayName: string;
  email: string;
  roles: Role[];
  isActive: boolean;
  /** When the user accepted the privacy policy (RFC 3339), or null. */
  privacyPolicyAcceptedAt: string | null;
  /** The language the user's e-mails are written in (nb, nn or en). */
  language?: string;
  teacherClasses: number[];
  advisorClasses: number[];
  studentReferences: StudentReference[];
  /** On supervisors: the students they supervise. */
  studentUserReferences: { userId: number }[];
}

/** The answer of every sign-in call. */
export interface SignInResult {
  token: string;
  /** What the sign-in start got, handed back by the Feide and Vipps calls. */
  verificationGuid?: string;
  redirectUri?: string;
}

/** Which pair of one-time-code pages: `/login` + `/otp`, or `/login-simple` + `/otp-simple`. */
export type CodeVariant = 'external' | 'simple';
