/**
 * RFC 7807 problem details: the runtime's own answers (routing, validation, security failures) and the
 * factory behind the generated `problems.<slug>(...)` constructors.
 */
import type { ApiTable, HandlerResult, HeaderValues } from './types.js';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export interface ProblemBody {
  type: string;
  title: string;
  status?: number;
  detail?: string;
  [member: string]: unknown;
}

/** One entry of the `errors` of a bad-request problem. */
export interface ParameterError {
  message: string;
  parameters: Record<string, string[]>;
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return (
    STATUS_TITLES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Status ' + status)
  );
}

/** `item-not-found` → `Item Not Found`. */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export class ProblemFactory {
  private readonly base: string;
  constructor(
    private readonly table: Pick<ApiTable, 'problems' | 'problemPath' | 'problemRoles'>,
    base = '',
  ) {
    this.base = base.replace(/\/+$/, '');
  }

  /** The `type` URI of a slug: `about:blank`, or `<base><problemPath><slug>`. */
  typeOf(slug: string): string {
    if (slug === 'about:blank') return 'about:blank';
    const known = this.table.problems[slug];
    return this.base + (known ? known.typePath : this.table.problemPath + slug);
  }

  /** A problem of a spec-defined (or runtime) type; `fields` are the variant's extra members. */
  make(
    slug: string,
    status: number | undefined,
    fields: Record<string, unknown> = {},
    headers?: HeaderValues,
  ): HandlerResult {
    const known = this.table.problems[slug];
    const code = status ?? known?.status ?? 500;
    const { title, detail, ...extra } = fields as { title?: unknown; detail?: unknown };
    const body: ProblemBody = {
      type: this.typeOf(slug),
      title:
        typeof title === 'string'
          ? title
          : slug === 'about:blank'
            ? statusTitle(code)
            : (known?.title ?? titleFromSlug(slug)),
      status: code,
    };
    if (typeof detail === 'string') body.detail = detail;
    for (const key of Object.keys(extra)) {
      if (key === 'type' || key === 'status' || key === '__proto__') continue;
      const value = (extra as Record<string, unknown>)[key];
      if (value !== undefined) body[key] = value;
    }
    return headers
      ? { status: code, body, contentType: PROBLEM_MEDIA_TYPE, headers }
      : { status: code, body, contentType: PROBLEM_MEDIA_TYPE };
  }

  aboutBlank(status: number, detail?: string, headers?: HeaderValues): HandlerResult {
    return this.make('about:blank', status, detail === undefined ? {} : { detail }, headers);
  }

  /** Bad parameters or body: the problem the spec gives that role, else `about:blank`. */
  invalidRequest(errors: ParameterError[]): HandlerResult {
    const slug = this.table.problemRoles.invalidRequest ?? 'about:blank';
    return this.make(slug, 400, { detail: 'One or more parameters to your request was invalid.', errors });
  }

  /** Credentials of a kind the operation does not accept: the spec's problem for that role, else `about:blank`. */
  unsupportedAuthentication(detail: string): HandlerResult {
    return this.make(this.table.problemRoles.unsupportedAuthentication ?? 'about:blank', 403, { detail });
  }
}

/** True for a well-formed problem body (used by tests and the development-mode checks). */
export function isProblemBody(value: unknown): value is ProblemBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.type === 'string' &&
    typeof v.title === 'string' &&
    (v.status === undefined || typeof v.status === 'number') &&
    (v.detail === undefined || typeof v.detail === 'string')
  );
}
