/**
 * Whose bot time a decision or a hint is (fair-queue.ts shares the workers among owners). A
 * tournament owns all its games' bot time, however many people play in it; otherwise the
 * person playing the bot, counted by the address he last came from when the server knows it,
 * so that ten guests made from one address get one share, not ten; a game with nobody in it
 * (bots only) owns its own.
 */
export interface BotOwner {
  /** The tournament the game was started for. */
  readonly tournament?: string | null;
  /** The user the bot plays against (or who asks for a hint). */
  readonly person?: string | null;
  /** Where the request came from, when it is at hand (a hint's); else the person's last known address. */
  readonly address?: string | null;
}

/** The owner's key in the fair queue: by tournament, else address, else person, else game. */
export function ownerKey(game: string, owner: BotOwner | undefined, addresses?: AddressBook): string {
  if (owner?.tournament != null) return `tournament:${owner.tournament}`;
  const person = owner?.person ?? null;
  const address = owner?.address ?? (person === null ? null : (addresses?.addressOf(person) ?? null));
  if (address !== null) return `address:${address}`;
  if (person !== null) return `person:${person}`;
  return `game:${game}`;
}

/** Users whose address is remembered; the oldest seen is forgotten beyond (about 100 bytes each). */
export const ADDRESS_BOOK_SIZE = 50_000;

/**
 * The address each user last made a request from (app.ts notes every request with a session).
 * Kept in memory only: after a restart a user counts as himself until his next request (the
 * page asks /api/me as it loads), which is also what happens to a user the book has forgotten.
 */
export class AddressBook {
  private readonly byUser = new Map<string, string>();

  constructor(private readonly size = ADDRESS_BOOK_SIZE) {}

  note(userId: string, address: string): void {
    // Deleted first so that Map order is the order last seen, and the oldest goes first.
    this.byUser.delete(userId);
    this.byUser.set(userId, address);
    if (this.byUser.size > this.size) this.byUser.delete(this.byUser.keys().next().value as string);
  }

  addressOf(userId: string): string | null {
    return this.byUser.get(userId) ?? null;
  }
}
