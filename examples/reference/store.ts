/**
 * The in-memory data behind the reference implementation: users, posts (with their edit chains) and
 * bookmarks. Plain data and a few look-ups; the API rules live in handlers.ts.
 */

export type Subscription = 'Basic' | 'Premium' | 'PremiumPlus' | 'None';

export interface StoredUser {
  id: string;
  name: string;
  username: string;
  subscription_type: Subscription;
  created_at: Date;
  description?: string;
}

export interface StoredPoll {
  id: string;
  options: string[];
  duration_minutes: number;
  end_datetime: Date;
}

export interface StoredPost {
  id: string;
  text: string;
  author_id: string;
  created_at: Date;
  /** Ids of the edit chain, oldest first, this post last. */
  edit_history_post_ids: string[];
  /** When the chain's original post stops being editable (created_at of the original + 1 hour). */
  editable_until: Date;
  edits_remaining: number;
  /** Set on a post once a newer version of it exists. */
  superseded_by?: string;
  reply_settings?: string;
  paid_partnership?: boolean;
  community_id?: string;
  poll?: StoredPoll;
  like_count: number;
  repost_count: number;
  reply_count: number;
  bookmark_count: number;
  impression_count: number;
}

/** Edits allowed per post (the reference counts them in `edits_remaining` but gives no initial value). */
export const EDITS_PER_POST = 5;
export const EDIT_WINDOW_MS = 60 * 60 * 1000;

export class Store {
  readonly users = new Map<string, StoredUser>();
  readonly posts = new Map<string, StoredPost>();
  /** User id → bookmarked post ids, newest bookmark first. */
  readonly bookmarks = new Map<string, string[]>();
  private sequence = 1_000n;

  constructor(private readonly idBase = 1_800_000_000_000_000_000n) {}

  nextId(): string {
    this.sequence += 1n;
    return String(this.idBase + this.sequence);
  }

  userByUsername(username: string): StoredUser | undefined {
    const wanted = username.toLowerCase();
    for (const user of this.users.values()) if (user.username.toLowerCase() === wanted) return user;
    return undefined;
  }

  addUser(user: StoredUser): StoredUser {
    this.users.set(user.id, user);
    return user;
  }

  addPost(fields: Omit<StoredPost, 'id' | 'edit_history_post_ids' | 'editable_until' | 'edits_remaining' | 'like_count' | 'repost_count' | 'reply_count' | 'bookmark_count' | 'impression_count'> & Partial<StoredPost>): StoredPost {
    const id = fields.id ?? this.nextId();
    const post: StoredPost = {
      like_count: 0,
      repost_count: 0,
      reply_count: 0,
      bookmark_count: 0,
      impression_count: 0,
      edit_history_post_ids: [id],
      editable_until: new Date(fields.created_at.getTime() + EDIT_WINDOW_MS),
      edits_remaining: EDITS_PER_POST,
      ...fields,
      id,
    };
    this.posts.set(id, post);
    return post;
  }

  bookmark(userId: string, postId: string): void {
    const list = this.bookmarks.get(userId) ?? [];
    if (!list.includes(postId)) list.unshift(postId);
    this.bookmarks.set(userId, list);
    const post = this.posts.get(postId);
    if (post) post.bookmark_count++;
  }
}

/** A small world: three users, a few dozen posts, bookmarks for user 1 (enough for several pages). */
export function demoStore(now: Date = new Date()): Store {
  const store = new Store();
  const hour = 60 * 60 * 1000;
  store.addUser({ id: '1', name: 'Ada Lovelace', username: 'ada', subscription_type: 'Premium', created_at: new Date('2020-01-01T00:00:00Z'), description: 'Analyst' });
  store.addUser({ id: '2', name: 'Grace Hopper', username: 'grace', subscription_type: 'Basic', created_at: new Date('2020-02-01T00:00:00Z') });
  store.addUser({ id: '3', name: 'Alan Turing', username: 'alan_t', subscription_type: 'None', created_at: new Date('2020-03-01T00:00:00Z') });
  const texts = [
    'Compilers are just translators with opinions',
    'The analytical engine weaves algebraic patterns',
    'Debugging: removing the moths from the relay',
    'Can machines think? Let us ask the machines',
    'Typed code generators make APIs pleasant',
  ];
  for (let i = 0; i < 30; i++) {
    const author = String((i % 3) + 1);
    const post = store.addPost({ text: `${texts[i % texts.length]} #${i}`, author_id: author, created_at: new Date(now.getTime() - (i + 1) * 5 * hour) });
    if (i % 4 !== 3) store.bookmark('1', post.id);
  }
  return store;
}
