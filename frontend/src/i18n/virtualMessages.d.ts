/** One language's messages for the pages before sign-in (see publicMessages.ts). */
declare module 'virtual:messages/public/*' {
  const messages: Record<string, string>;
  export default messages;
}
