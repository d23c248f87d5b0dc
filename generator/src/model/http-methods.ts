/**
 * What an operation's HTTP method promises, decided once here for every target: `safe` (RFC 9110 §9.2.1:
 * read-only; the query target treats it as a read, not a mutation) and `idempotent` (§9.2.2: a client may
 * send it again after a network failure, as it retries a GET). The methods with a Path Item field are
 * RFC 9110's plus OAS 3.2's `query` (the QUERY method, draft-ietf-httpbis-safe-method-w-body: safe and
 * idempotent); an OAS 3.2 `additionalOperations` method is looked up in the IANA HTTP Method Registry, and a
 * method it does not list is neither (nothing is assumed about an unknown method).
 */

/** The Path Item fields naming an operation, lower case as the spec writes them. */
export const PATH_ITEM_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

/** The IANA HTTP Method Registry's safe / idempotent columns (methods are case-sensitive tokens). */
const REGISTRY: Record<string, { safe: boolean; idempotent: boolean }> = {};
const register = (safe: boolean, idempotent: boolean, methods: string): void => {
  for (const method of methods.split(' ')) REGISTRY[method] = { safe, idempotent };
};
register(true, true, 'GET HEAD OPTIONS TRACE QUERY PROPFIND REPORT SEARCH PRI');
register(false, true, 'PUT DELETE ACL BASELINE-CONTROL BIND CHECKIN CHECKOUT COPY LABEL LINK MERGE MKACTIVITY MKCALENDAR MKCOL MKREDIRECTREF MKWORKSPACE MOVE ORDERPATCH PROPPATCH REBIND UNBIND UNCHECKOUT UNLINK UNLOCK UPDATE UPDATEREDIRECTREF VERSION-CONTROL');
register(false, false, 'POST PATCH CONNECT LOCK');

/** The semantics of the method token sent on the wire (`GET`, `QUERY`, an additional operation's key as written). */
export function methodSemantics(token: string): { safe: boolean; idempotent: boolean } {
  return Object.hasOwn(REGISTRY, token) ? REGISTRY[token]! : { safe: false, idempotent: false };
}
