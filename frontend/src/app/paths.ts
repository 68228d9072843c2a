/** Client-side routes known so far; later issues add the signed-in areas. */
export const paths = {
  /** One-time code sign-in (the sign-in issue fills it in; the login page shows until then). */
  oneTimeCodeLogin: '/login',
  notFound: '/404',
} as const;
