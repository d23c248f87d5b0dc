/**
 * The reference implementation: handlers for five operations on top of the generated stubs. The
 * generated server has already routed, authenticated (bookmarks: OAuth 2.0 user context with its scopes,
 * path id = the user) and validated parameters and bodies (max_results 1..100, post.fields members,
 * 25,000-character text, poll limits) before a handler runs; what is left here is the API's behaviour:
 *
 * - getUserBookmarks: pages of bookmarks with base-36 `pagination_token`s (`next_token`/`previous_token`);
 * - findPostById, findUserByUsername: look-ups honouring `post.fields` / `user.fields`;
 * - createPost: creation, and editing through `edit_options.previous_post_id` with the reference's rules:
 *   premium subscription, own post, within one hour of the original, `edits_remaining` left, latest version;
 * - searchRecentPosts: the last 7 days, a simple query (terms, "phrases", -negation, from:handle, OR).
 */
import { problems, type Handlers } from '@social-posting/server';
import type { Post, User } from '@social-posting/types';
import { EDIT_WINDOW_MS, type Store, type StoredPost, type StoredUser } from './store.ts';

export interface ReferenceOptions {
  /** The clock (tests move it to cross the edit window). */
  now?: () => Date;
  /** Page size when `max_results` is absent (the reference does not give the default). */
  defaultPageSize?: number;
}

const DEFAULT_POST_FIELDS = ['id', 'text', 'edit_history_post_ids'];
const DEFAULT_USER_FIELDS = ['id', 'name', 'username'];
const NOTE_THRESHOLD = 280;
const SEARCH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const SEARCH_PAGE = 10;

/** A post as the API shows it: the default members plus those `post.fields` asks for. */
export function postView(post: StoredPost, fields: readonly string[] | undefined, now: Date): Post {
  const wanted = new Set([...DEFAULT_POST_FIELDS, ...(fields ?? [])]);
  const chars = [...post.text];
  const long = chars.length > NOTE_THRESHOLD;
  const all: Record<string, () => unknown> = {
    id: () => post.id,
    text: () => (long ? chars.slice(0, NOTE_THRESHOLD).join('') : post.text),
    edit_history_post_ids: () => [...post.edit_history_post_ids],
    author_id: () => post.author_id,
    created_at: () => post.created_at.toISOString(),
    conversation_id: () => post.id,
    edit_controls: () => ({
      is_edit_eligible: editEligible(post, now),
      editable_until: post.editable_until.toISOString(),
      edits_remaining: post.edits_remaining,
    }),
    note_post: () => (long ? { text: post.text } : undefined),
    paid_partnership: () => post.paid_partnership,
    community_id: () => post.community_id,
    reply_settings: () => post.reply_settings,
    attachments: () => (post.poll ? { poll_ids: [post.poll.id] } : undefined),
    public_metrics: () => ({
      repost_count: post.repost_count,
      reply_count: post.reply_count,
      like_count: post.like_count,
      impression_count: post.impression_count,
      bookmark_count: post.bookmark_count,
    }),
  };
  const out: Record<string, unknown> = {};
  for (const field of wanted) {
    const value = all[field]?.();
    if (value !== undefined) out[field] = value;
  }
  return out as Post;
}

export function userView(user: StoredUser, fields: readonly string[] | undefined): User {
  const wanted = new Set([...DEFAULT_USER_FIELDS, ...(fields ?? [])]);
  const all: Record<string, unknown> = {
    id: user.id,
    name: user.name,
    username: user.username,
    created_at: user.created_at.toISOString(),
    description: user.description,
    subscription_type: user.subscription_type,
    protected: false,
    verified: user.subscription_type !== 'None',
  };
  const out: Record<string, unknown> = {};
  for (const field of wanted) if (all[field] !== undefined) out[field] = all[field];
  return out as unknown as User;
}

function editEligible(post: StoredPost, now: Date): boolean {
  return !post.superseded_by && !post.poll && post.edits_remaining > 0 && now.getTime() < post.editable_until.getTime();
}

/** Base-36 page tokens: the offset into the list, padded so they always satisfy `minLength: 1`. */
export const pageToken = {
  encode: (offset: number): string => offset.toString(36).padStart(4, '0'),
  decode: (token: string): number | undefined => (/^[0-9a-z]{4,12}$/.test(token) ? parseInt(token, 36) : undefined),
};

function forbidden(detail: string) {
  return problems.aboutBlank(403, { title: 'Forbidden', detail });
}

/** A search query: terms and "phrases" (AND), -negation, from:handle, and OR between groups. */
export function compileQuery(query: string, store: Store): ((post: StoredPost) => boolean) | undefined {
  const tokens = query.match(/-?"[^"]*"|\S+/g) ?? [];
  const groups: ((post: StoredPost) => boolean)[][] = [[]];
  for (const token of tokens) {
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    const negate = token.startsWith('-');
    const body = negate ? token.slice(1) : token;
    let test: (post: StoredPost) => boolean;
    if (body.toLowerCase().startsWith('from:')) {
      const author = store.userByUsername(body.slice(5));
      test = (post) => post.author_id === author?.id;
    } else {
      const needle = body.replace(/^"|"$/g, '').toLowerCase();
      if (!needle) continue;
      test = (post) => post.text.toLowerCase().includes(needle);
    }
    groups[groups.length - 1].push(negate ? (post) => !test(post) : test);
  }
  const usable = groups.filter((g) => g.length > 0);
  if (usable.length === 0) return undefined;
  return (post) => usable.some((group) => group.every((test) => test(post)));
}

export function referenceHandlers(store: Store, options: ReferenceOptions = {}): Partial<Handlers> {
  const now = options.now ?? (() => new Date());
  const defaultPageSize = options.defaultPageSize ?? 10;

  return {
    getUserBookmarks: ({ params, query }) => {
      const ids = store.bookmarks.get(params.id) ?? [];
      let offset = 0;
      if (query.pagination_token !== undefined) {
        const decoded = pageToken.decode(query.pagination_token);
        if (decoded === undefined || decoded > ids.length) {
          return problems.invalidRequest({
            detail: 'One or more parameters to your request was invalid.',
            errors: [{ message: `The \`pagination_token\` query parameter value [${query.pagination_token}] is not valid`, parameters: { pagination_token: [query.pagination_token] } }],
          });
        }
        offset = decoded;
      }
      const size = query.max_results ?? defaultPageSize;
      const page = ids.slice(offset, offset + size).flatMap((id) => {
        const post = store.posts.get(id);
        return post ? [postView(post, query['post.fields'], now())] : [];
      });
      const meta: { result_count: number; next_token?: string; previous_token?: string } = { result_count: page.length };
      if (offset + size < ids.length) meta.next_token = pageToken.encode(offset + size);
      if (offset > 0) meta.previous_token = pageToken.encode(Math.max(0, offset - size));
      return { status: 200, body: page.length ? { data: page, meta } : { meta } };
    },

    findPostById: ({ params, query }) => {
      const post = store.posts.get(params.id);
      if (!post) {
        return problems.resourceNotFound({
          title: 'Not Found Error',
          detail: `Could not find post with id: [${params.id}].`,
          parameter: 'id',
          value: params.id,
          resource_id: params.id,
          resource_type: 'post',
        });
      }
      return { status: 200, body: { data: postView(post, query['post.fields'], now()) } };
    },

    findUserByUsername: ({ params, query }) => {
      const user = store.userByUsername(params.username);
      if (!user) {
        return problems.resourceNotFound({
          title: 'Not Found Error',
          detail: `Could not find user with username: [${params.username}].`,
          parameter: 'username',
          value: params.username,
          resource_id: params.username,
          resource_type: 'user',
        });
      }
      return { status: 200, body: { data: userView(user, query['user.fields']) } };
    },

    createPost: ({ body, principal }) => {
      const at = now();
      const author = store.users.get(principal.userId);
      if (!author) return forbidden('The authenticated user is not known to this server');
      const previousId = body.edit_options?.previous_post_id;
      if (previousId !== undefined) {
        const previous = store.posts.get(previousId);
        if (!previous) {
          return problems.resourceNotFound({
            detail: `Could not find post with id: [${previousId}].`,
            parameter: 'edit_options.previous_post_id',
            value: previousId,
            resource_id: previousId,
            resource_type: 'post',
          });
        }
        if (previous.author_id !== author.id) return forbidden('You can only edit your own posts');
        if (author.subscription_type !== 'Premium' && author.subscription_type !== 'PremiumPlus') {
          return forbidden('Editing a post requires a premium subscription');
        }
        if (previous.superseded_by) return forbidden(`Only the latest version of a post can be edited; it is ${previous.edit_history_post_ids.at(-1) ?? previous.superseded_by}`);
        if (at.getTime() >= previous.editable_until.getTime()) return forbidden('The post can no longer be edited: the one-hour edit window has passed');
        if (previous.edits_remaining <= 0) return forbidden('The post has no edits remaining');
        if (previous.poll || body.poll) return forbidden('Posts with polls cannot be edited');
        const edited = store.addPost({
          text: body.text ?? previous.text,
          author_id: author.id,
          created_at: at,
          reply_settings: body.reply_settings ?? previous.reply_settings,
          paid_partnership: body.paid_partnership ?? previous.paid_partnership,
          community_id: previous.community_id,
        });
        edited.edit_history_post_ids = [...previous.edit_history_post_ids, edited.id];
        edited.editable_until = previous.editable_until;
        edited.edits_remaining = previous.edits_remaining - 1;
        previous.superseded_by = edited.id;
        for (const id of previous.edit_history_post_ids) {
          const version = store.posts.get(id);
          if (version) version.edits_remaining = edited.edits_remaining;
        }
        return { status: 201, body: { data: { id: edited.id, text: edited.text, edit_history_post_ids: edited.edit_history_post_ids } } };
      }
      if (body.text === undefined && body.poll === undefined) {
        return problems.invalidRequest({
          errors: [{ message: 'A post needs `text` or a `poll`', parameters: { text: [] } }],
        });
      }
      // The spec does not make the poll's members required; this service needs both.
      const poll = body.poll;
      if (poll && (poll.options === undefined || poll.duration_minutes === undefined)) {
        return problems.invalidRequest({
          errors: [{ message: 'A poll needs `options` and `duration_minutes`', parameters: { poll: [] } }],
        });
      }
      const post = store.addPost({
        text: body.text ?? '',
        author_id: author.id,
        created_at: at,
        reply_settings: body.reply_settings,
        paid_partnership: body.paid_partnership,
        community_id: body.community_id,
        poll:
          poll?.options !== undefined && poll.duration_minutes !== undefined
            ? { id: store.nextId(), options: poll.options, duration_minutes: poll.duration_minutes, end_datetime: new Date(at.getTime() + poll.duration_minutes * 60_000) }
            : undefined,
      });
      return { status: 201, body: { data: { id: post.id, text: post.text, edit_history_post_ids: post.edit_history_post_ids } } };
    },

    searchRecentPosts: ({ query }) => {
      const matches = compileQuery(query.query, store);
      if (!matches) {
        return problems.invalidRequest({
          errors: [{ message: `The \`query\` query parameter value [${query.query}] contains no search term`, parameters: { query: [query.query] } }],
        });
      }
      const since = now().getTime() - SEARCH_WINDOW_MS;
      const found = [...store.posts.values()]
        .filter((p) => !p.superseded_by && p.created_at.getTime() >= since && matches(p))
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
        .slice(0, SEARCH_PAGE)
        .map((p) => postView(p, query['post.fields'], now()));
      return { status: 200, body: found.length ? { data: found, meta: { result_count: found.length } } : { meta: { result_count: 0 } } };
    },
  };
}

export { EDIT_WINDOW_MS };
